#!/usr/bin/env bash
# Session 19, the suite at the session's last code (s19f = 4b5f283): fk20* and mutant_fk20*
# through CUDA, and the stage, end-to-end, pool and MSM-mutant tests through NVIDIA OpenCL.
set -u
O=/tmp/r151; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r151.tgz -C /tmp r151; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s19f --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 450 .gpu/gpucheck-s19f run --device cuda:0 --filter 'fk20*,mutant_fk20*' > $O/suite-cuda.txt 2>&1; echo "cuda suite rc=$? $(tail -1 $O/suite-cuda.txt) $(el)"
grep -E "^\s+(FAIL|CRASH|BROKEN|SKIP|TIMEOUT|ERROR)" $O/suite-cuda.txt | head
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s19f devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 100 .gpu/gpucheck-s19f run --device "$CL" --filter 'fk20.L64.msm.*,fk20.L64.g1_conv.*,fk20.eip7594.*,fk20.pool*,mutant_fk20.wrong_msm_part_weight' > $O/tests-ocl.txt 2>&1; echo "ocl ($CL) tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
