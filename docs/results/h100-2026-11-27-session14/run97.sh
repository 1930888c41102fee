#!/usr/bin/env bash
# run96 showed 64 / 128 blobs slower with B (18.54 / 29.60 -> 19.25 / 31.86 ms). B's only
# change at those sizes is the blob flags read moved to the end of the pass; D = B with
# that read back after the polynomial. Three rounds of A / B / D at 64 and 128 blobs, and
# one blob for D.
set -u
O=/tmp/s14c; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14c.tgz -C /tmp s14c; }
for round in 1 2 3; do
  for v in a b d; do
    timeout 90 .gpu/gpucheck-s14$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b1.pipeline' --samples 10 > $O/p-$v-r$round.txt 2>&1; echo "$v r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/p-$v-r$round.txt | cut -c1-90
  done
done
save
