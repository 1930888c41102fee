#!/usr/bin/env bash
# Session 22: stage times at 32 and 64 blobs (s22m = 5c53b8a), for the estimate of a pass
# split in two row halves (the second half's MSM beside the first half's G1 pairs).
set -u
O=/tmp/r185; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r185.tgz -C /tmp r185; }
G=.gpu/gpucheck-s22m
$G --version > $O/devices.txt
for b in 32 64; do
  timeout 150 $G bench --device cuda:0 --filter "fk20.bench.L64.b$b.msm,fk20.bench.L64.b$b.commitment,fk20.bench.L64.b$b.g1_ffts,fk20.bench.L64.b$b.pipeline" --samples 7 > $O/stages-b$b.txt 2>&1
  echo "b$b rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/stages-b$b.txt | awk '{print $2, $3}' | tr '\n' ' ')"; save
done
