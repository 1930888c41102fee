#!/usr/bin/env bash
# Session 20: the convolution's pieces in width-4 NAF (4 odd multiples) and every GLV
# product starting at its top digits (no doubled infinity): s20e against s20d, same call:
# one blob four rounds of 20, 16 blobs three of 10, 64 blobs two of 10, the one-blob
# proofs stage; then the G1 map's tests and mutants through CUDA and NVIDIA OpenCL.
set -u
O=/tmp/r159; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r159.tgz -C /tmp r159; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s20d s20e; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3 4; do for v in s20d s20e; do run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20; done; done
el; save
for r in 1 2 3; do for v in s20d s20e; do run $v-b16-r$r $v fk20.bench.L64.b16.pipeline 10; done; done
for r in 1 2; do for v in s20d s20e; do run $v-b64-r$r $v fk20.bench.L64.b64.pipeline 10; done; done
for v in s20d s20e; do run $v-proofs $v 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.g1_conv' 20; done
el; save
F='fk20.L64.g1_conv.*,fk20.L64.g1_fft.*,fk20.L64.g1_ifft_truncate.*,fk20.L16.g1_fft.row1,fk20.eip7594.consensus_vectors,mutant_fk20.wrong_conv_*,mutant_fk20.lost_conv_wrap_sign,mutant_fk20.wrong_g1_pair_product,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_g1_twiddle'
timeout 300 .gpu/gpucheck-s20e run --device cuda:0 --filter "$F" > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | cut -c1-90
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s20e devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-s20e run --device $CL --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_fft.row1,fk20.eip7594.consensus_vectors,mutant_fk20.wrong_conv_piece' > $O/tests-ocl.txt 2>&1; echo "ocl tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-ocl.txt | cut -c1-90
save
