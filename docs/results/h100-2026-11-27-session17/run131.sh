#!/usr/bin/env bash
# Session 17: where the G1 convolution stops paying after this session (s17i = 5f194a3 + the
# 16- and 32-blob benchmarks): 8, 16 and 32 blobs' pipeline with g1_conv_max_batch 8 (the
# default: 16 and 32 blobs take the G1 FFTs), 16 and 32, two rounds of 10.
set -u
O=/tmp/r131; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r131.tgz -C /tmp r131; }
.gpu/gpucheck-s17i --version
for round in 1 2; do
  for b in 16 32; do
    for m in 8 16 32; do
      echo "b$b g1_conv_max_batch=$m r$round $(timeout 60 .gpu/gpucheck-s17i bench --device cuda:0 --filter fk20.bench.L64.b$b.pipeline --param fk20.g1_conv_max_batch=$m --samples 10 2>&1 | tee $O/b$b-m$m-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"
    done
  done
done
save
