#!/usr/bin/env bash
# One blob, three rounds of 20 samples each: base (4a40b82) against final (a37be75), alternating
# (run64's first benchmark had a 21.8% spread)
set -u
O=/tmp/b1; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/b1.tgz -C /tmp b1; }
for round in 1 2 3; do
  for b in base final; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 --json $O/b1-$b-$round.json > $O/b1-$b-$round.txt 2>&1
    echo "$b $round: $(grep -E '^\s+PASS' $O/b1-$b-$round.txt | cut -c1-110)"
  done
done
save
