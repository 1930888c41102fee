#!/usr/bin/env bash
# Session 17, final tests at a8f00ec (s17z): the whole fk20 suite and every fk20 mutant on
# CUDA, and on NVIDIA OpenCL the MSM's, convolution's, cells' and commitment's stage tests,
# three convolution mutants and end to end.
set -u
O=/tmp/fin17e; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin17e.tgz -C /tmp fin17e; }
G=.gpu/gpucheck-s17z
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 420 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fk20-run-cuda.txt | head
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 170 $G run --device "$CL" --filter 'fk20.L64.msm*,fk20.L64.g1_conv*,fk20.L64.cells*,fk20.L64.commitment*,mutant_fk20.wrong_conv_tap,mutant_fk20.lost_conv_wrap_sign,mutant_fk20.wrong_conv_piece,fk20.eip7594.*' > $O/opencl.txt 2>&1; echo "opencl ($CL) rc=$? $(tail -1 $O/opencl.txt) $(el)"
grep -E '^\s+(PASS|FAIL|ERROR|BROKEN|CAUGHT)' $O/opencl.txt | cut -c1-90
save
