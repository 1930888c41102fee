#!/usr/bin/env bash
# The host copies of 64 / 128 blobs (run98: upload 0.8-1.1 / 1.6-2.5 ms, publish 0.75-0.87 /
# 2.0-3.1 ms). All with trace.patch: T = ca9a9df; E = the publish one copy per run of
# accepted blobs per output; F = E with 16 copy threads; G = E with the blobs uploaded
# straight from the caller's memory (no page-locked staging in). Three rounds.
set -u
O=/tmp/s14e; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14e.tgz -C /tmp s14e; }
for round in 1 2 3; do
  for v in t e f g; do
    GC_KZG_TRACE=1 timeout 90 .gpu/gpucheck-s14$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 --no-fork > $O/h-$v-r$round.txt 2>&1; echo "$v r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/h-$v-r$round.txt | cut -c1-90
    for n in 64 128; do grep "TRACE n=$n " $O/h-$v-r$round.txt | tail -10 | awk -v n=$n '{u+=$4; p+=$20; t+=$22; c++} END {printf "  n=%d upload %.3f publish %.3f total %.3f (mean of %d)\n", n, u/c, p/c, t/c, c}'; done
  done
done
save
