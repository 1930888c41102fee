#!/usr/bin/env bash
# Session 20: the copy team (s20c = 19ee5db + the host copies' workers kept for the
# context's life; 19ee5db already has the 64-blob cells on queue 0) against s20b (the
# trees at 32, cells beside the 64-blob pairs, threads started per call), same call: 1,
# 16, 64 and 128 blobs, three rounds each; the host phases with the team (s20cp = s20c +
# host_profile_team.patch); then the host-copy paths' tests through CUDA and NVIDIA OpenCL.
set -u
O=/tmp/r157; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r157.tgz -C /tmp r157; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s20b s20c; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3; do
  for v in s20b s20c; do
    run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20
    run $v-many-r$r $v 'fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10
  done
done
el; save
for b in 16 64 128; do
  GC_KZG_HOST_PROFILE=$O/hostprof-team-b$b.txt run prof-team-b$b s20cp fk20.bench.L64.b$b.pipeline 10
  cat $O/hostprof-team-b$b.txt
done
el; save
timeout 200 .gpu/gpucheck-s20c run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool.*,fk20.L64.cells.*,fk20.L64.g1_fft.rows' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | cut -c1-90
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s20c devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-s20c run --device $CL --filter 'fk20.eip7594.*,fk20.pool.*' > $O/tests-ocl.txt 2>&1; echo "ocl tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
