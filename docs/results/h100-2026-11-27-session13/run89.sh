#!/usr/bin/env bash
# vp = the projective and Jacobian formulas by value (the XYZZ ones by pointer as in base);
# vc = every formula by value and msm_comb capped at 128 registers (8 groups of 64 an SM,
# as base's 124); base = e838345. Correctness of both on CUDA, vp on NVIDIA OpenCL, then
# A/B/C twice in alternating order.
set -u
O=/tmp/r89; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r89.tgz -C /tmp r89; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-vp --version; } > $O/devices.txt 2>&1
for b in vp vc; do
timeout 100 .gpu/gpucheck-$b run --device cuda:0 --filter 'bls12_381.g1*,fk20.L64.*,fk20.L16.g1*,fk20.L16.msm*,fk20.eip7594.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_g1_twiddle' > $O/$b-tests-cuda.txt 2>&1; echo "$b tests rc=$? $(tail -1 $O/$b-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/$b-tests-cuda.txt | head
done
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-vp devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 120 .gpu/gpucheck-vp run --device "$CL" --filter 'bls12_381.g1*,fk20.L64.g1*,fk20.L64.msm*,fk20.L16.g1_fft*,fk20.eip7594.*' > $O/vp-tests-opencl.txt 2>&1; echo "vp opencl ($CL) rc=$? $(tail -1 $O/vp-tests-opencl.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/vp-tests-opencl.txt | head
save
F='fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.pipeline'
for round in 1 2; do
  order="base vp vc"; [ $round = 2 ] && order="vc vp base"
  for b in $order; do
    timeout 100 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
