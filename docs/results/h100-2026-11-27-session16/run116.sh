#!/usr/bin/env bash
# U = 1cb0ee7 + the blobs' upload in slices (the threaded copy of slice i + 1 into the
# page-locked staging beside the DMA of slice i), with a measurement-only switch
# GC_M_SLICE (blobs per slice; 0: one slice, the old upload). 64 and 128 blobs' pipeline,
# slices of 0 / 16 / 32 / 64 blobs, three rounds of 10.
set -u
O=/tmp/r116; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r116.tgz -C /tmp r116; }
.gpu/gpucheck-s16u bench --device cuda:0 --filter fk20.bench.L64.b64.pipeline --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  for sl in 0 16 32 64; do
    GC_M_SLICE=$sl timeout 60 .gpu/gpucheck-s16u bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/s$sl-r$round.txt 2>&1; echo "slice $sl r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/s$sl-r$round.txt | cut -c1-100
  done
done
save
