#!/usr/bin/env bash
# Session 19: launch timelines (s19ct = 4b5f283 + cuda_trace.patch) of the last passes at
# 1, 64 and 128 blobs with the session's changes.
set -u
O=/tmp/r150; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r150.tgz -C /tmp r150; }
.gpu/gpucheck-s19ct --version > $O/devices.txt
for b in 1 64 128; do
  GC_CUDA_TRACE=$O/trace-b$b.txt timeout 60 .gpu/gpucheck-s19ct bench --device cuda:0 --filter fk20.bench.L64.b$b.pipeline --samples 3 > $O/bench-b$b.txt 2>&1; echo "b$b rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/bench-b$b.txt | cut -c1-100)"
done
save
