#!/usr/bin/env bash
# The fused pairs' products by teams of four (g1_fft_pair_products_team) against one
# work-item each (--param fk20.g1_team=0), same binary, alternating; then the touched
# tests on CUDA.
set -u
O=/tmp/r70; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r70.tgz -C /tmp r70; }
B=.gpu/gpucheck-team
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; $B --version; } > $O/devices.txt 2>&1
cat $O/devices.txt
timeout 150 $B run --device cuda:0 --filter 'fk20.L*.g1_*,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_g1_pair_product,fk20.eip7594.consensus_vectors' > $O/team-run-cuda.txt 2>&1; echo "team run cuda rc=$? $(tail -1 $O/team-run-cuda.txt)"
grep -E '^\s+(PASS|FAIL|ERROR)' $O/team-run-cuda.txt | cut -c1-80
save
F="fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do
  for t in 0 1; do
    timeout 100 $B bench --device cuda:0 --filter "$F" --param fk20.g1_team=$t --samples 10 --json $O/ab-team$t-$round.json > $O/ab-team$t-$round.txt 2>&1
    echo "== team=$t round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/ab-team$t-$round.txt | cut -c1-110
  done
done
save
