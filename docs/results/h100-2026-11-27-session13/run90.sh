#!/usr/bin/env bash
# The XYZZ formulas inlined into msm_comb (their only caller; the products stay called):
# xu = uncapped (158 registers), xi = capped at 128 (8 groups of 64 an SM, as head's 124);
# head = fa1cc3e. Correctness on CUDA first, then the MSMs and the pipelines, twice in
# alternating order.
set -u
O=/tmp/r90; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r90.tgz -C /tmp r90; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-xi --version; } > $O/devices.txt 2>&1
for b in xi xu; do
timeout 100 .gpu/gpucheck-$b run --device cuda:0 --filter 'fk20.L64.msm*,fk20.L64.commitment*,fk20.L16.msm*,fk20.eip7594.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign' > $O/$b-tests-cuda.txt 2>&1; echo "$b tests rc=$? $(tail -1 $O/$b-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/$b-tests-cuda.txt | head
done
save
F='fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.msm'
for round in 1 2; do
  order="head xi xu"; [ $round = 2 ] && order="xu xi head"
  for b in $order; do
    timeout 100 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
