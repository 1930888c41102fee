#!/usr/bin/env bash
# m2 = two independent Fp products interleaved in one call (gc_fp_mul2_call) in the team
# rounds and the one-work-item projective formulas; m2c10 = the same with the team kernel
# capped at 10 warps an SM (200 registers); base = e838345. Correctness of m2 on CUDA
# first, then A/B/C of the stages that use the formulas, twice in alternating order.
set -u
O=/tmp/r85; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r85.tgz -C /tmp r85; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-m2 --version; } > $O/devices.txt 2>&1
timeout 150 .gpu/gpucheck-m2 run --device cuda:0 --filter 'bls12_381.fp.*,bls12_381.g1*,fk20.L64.g1*,fk20.L64.msm*,fk20.eip7594.*,mutant_fk20.wrong_g1_pair_product,mutant_fk20.wrong_team_lane' > $O/m2-tests-cuda.txt 2>&1; echo "m2 tests rc=$? $(tail -1 $O/m2-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/m2-tests-cuda.txt | head
save
F='fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,bls12_381.bench.g1_add_ptx,bls12_381.bench.g1_dbl_ptx'
for round in 1 2; do
  order="base m2 m2c10"; [ $round = 2 ] && order="m2c10 m2 base"
  for b in $order; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
for b in base m2; do
  timeout 30 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts' --param fk20.g1_team=1 --samples 10 > $O/$b-team1.txt 2>&1; echo "$b team1 rc=$?"
  grep -E '^\s+PASS|FAIL|ERROR' $O/$b-team1.txt | cut -c1-100
done
save
