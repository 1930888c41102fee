#!/usr/bin/env bash
# Points by value through the G1 formulas' calls (in registers, not the caller's stack
# frame): vx = the XYZZ addition and doubling only (the comb MSMs), v = also the
# projective and Jacobian formulas; base = e838345. Correctness of v on CUDA first, then
# A/B/C of every stage they touch, twice in alternating order.
set -u
O=/tmp/r88; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r88.tgz -C /tmp r88; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-v --version; } > $O/devices.txt 2>&1
timeout 150 .gpu/gpucheck-v run --device cuda:0 --filter 'bls12_381.g1*,fk20.L64.*,fk20.L16.g1*,fk20.L16.msm*,fk20.eip7594.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_g1_twiddle' > $O/v-tests-cuda.txt 2>&1; echo "v tests rc=$? $(tail -1 $O/v-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/v-tests-cuda.txt | head
save
F='fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.msm'
for round in 1 2; do
  order="base vx v"; [ $round = 2 ] && order="v vx base"
  for b in $order; do
    timeout 100 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
