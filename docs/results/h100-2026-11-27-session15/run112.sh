#!/usr/bin/env bash
# I = 2cc5e62 + one part by default where the commitment's MSM runs beside the FK20 MSM in a
# pass, two where an MSM runs alone: one blob's pipeline four rounds of 20 beside H's
# default (two parts everywhere, 2cc5e62); the stages; the MSM, commitment and end-to-end
# tests on CUDA.
set -u
O=/tmp/r112; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r112.tgz -C /tmp r112; }
for v in h i; do .gpu/gpucheck-s15$v bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
for round in 1 2 3 4; do
  for v in h i; do
    timeout 60 .gpu/gpucheck-s15$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/$v-r$round.txt 2>&1; echo "$v r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/$v-r$round.txt | cut -c1-100
  done
done
save
timeout 60 .gpu/gpucheck-s15i bench --device cuda:0 --filter 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment' --samples 10 > $O/i-stages.txt 2>&1; echo "stages rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/i-stages.txt | cut -c1-100
timeout 150 .gpu/gpucheck-s15i run --device cuda:0 --filter 'fk20.L64.msm*,fk20.L64.commitment*,fk20.eip7594.*,fk20.pool.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign' > $O/i-tests.txt 2>&1; echo "tests rc=$? $(tail -1 $O/i-tests.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/i-tests.txt | head
save
