#!/usr/bin/env bash
# Session 20: the blob flags without the blocking clear (s20d = s20c + each pass's own
# mark, kzg_stage_blob_to_fr) against s20c, same call: one blob four rounds of 20; 16, 64,
# 128 blobs three rounds of 10; the host phases (s20dp = s20d + host_profile_team.patch);
# the flags test and its mutant, consensus vectors and pool through CUDA and NVIDIA OpenCL.
set -u
O=/tmp/r158; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r158.tgz -C /tmp r158; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s20c s20d; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3 4; do for v in s20c s20d; do run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20; done; done
el; save
for r in 1 2 3; do for v in s20c s20d; do
  run $v-many-r$r $v 'fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10
done; done
el; save
for b in 1 16 64; do
  GC_KZG_HOST_PROFILE=$O/hostprof-marks-b$b.txt run prof-marks-b$b s20dp fk20.bench.L64.b$b.pipeline 10
  cat $O/hostprof-marks-b$b.txt
done
el; save
timeout 200 .gpu/gpucheck-s20d run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool.*,mutant_fk20.stale_blob_flag' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | cut -c1-90
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s20d devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-s20d run --device $CL --filter 'fk20.eip7594.*,fk20.pool.*,mutant_fk20.stale_blob_flag' > $O/tests-ocl.txt 2>&1; echo "ocl tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-ocl.txt | cut -c1-90
save
