#!/usr/bin/env bash
# Where a pass's wall time goes on the host (trace.patch, measurement only: host clock at
# the points where the host blocks): D + the trace, one blob, 64 and 128 blobs
set -u
O=/tmp/s14d; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14d.tgz -C /tmp s14d; }
for b in b1 b64 b128; do
  GC_KZG_TRACE=1 timeout 90 .gpu/gpucheck-s14t bench --device cuda:0 --filter fk20.bench.L64.$b.pipeline --samples 10 --no-fork > $O/trace-$b.txt 2>&1; echo "$b rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/trace-$b.txt | cut -c1-90; grep TRACE $O/trace-$b.txt | tail -4
done
save
