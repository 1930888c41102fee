#!/usr/bin/env bash
# c2 = c1 + the two-way pick of teams of two; A/B against c1 (2abfac9), alternating; then
# the pipelines with one queue against two (what the second queue still buys), c2
set -u
O=/tmp/r75; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r75.tgz -C /tmp r75; }
.gpu/gpucheck-c2 --version > $O/devices.txt 2>&1
timeout 60 .gpu/gpucheck-c2 run --device cuda:0 --filter 'fk20.L*.g1_*,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_g1_pair_product' > $O/c2-run-cuda.txt 2>&1; echo "c2 run cuda rc=$? $(tail -1 $O/c2-run-cuda.txt)"
F="fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do
  for b in c1 c2; do
    timeout 80 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/ab-$b-$round.txt 2>&1
    echo "== $b round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/ab-$b-$round.txt | cut -c1-100
  done
done
save
timeout 80 .gpu/gpucheck-c2 bench --device cuda:0 --filter "fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline" --param fk20.queues=1 --samples 10 > $O/c2-queues1.txt 2>&1
echo "== c2 queues=1"; grep -E '^\s+PASS|FAIL|ERROR' $O/c2-queues1.txt | cut -c1-100
save
