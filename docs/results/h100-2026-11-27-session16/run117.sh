#!/usr/bin/env bash
# T = 1cb0ee7 + threads.patch (measurement only: GC_M_THREADS caps the host copies'
# threads, 8 in the code). 64 and 128 blobs' pipeline with 8 / 12 / 16 threads, three
# rounds of 10.
set -u
O=/tmp/r117; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r117.tgz -C /tmp r117; }
.gpu/gpucheck-s16t bench --device cuda:0 --filter fk20.bench.L64.b64.pipeline --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  for t in 8 12 16; do
    GC_M_THREADS=$t timeout 60 .gpu/gpucheck-s16t bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/t$t-r$round.txt 2>&1; echo "threads $t r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/t$t-r$round.txt | cut -c1-100
  done
done
save
