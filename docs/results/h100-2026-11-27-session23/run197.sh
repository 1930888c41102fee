#!/usr/bin/env bash
# Session 23: batch-affine G1 additions with batches of 128 and 256 (s23d128, s23d256:
# 875375d with GC_BENCH_BATCH / BENCH_BATCH changed) beside XYZZ's, PTX builds, one call.
set -u
O=/tmp/r197; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r197.tgz -C /tmp r197; }
for v in s23d128 s23d256; do
  timeout 250 .gpu/gpucheck-$v bench --device cuda:0 --filter 'bls12_381.bench.g1_xyzz_madd_ptx,bls12_381.bench.g1_affine_batch_ptx' --samples 10 -v > $O/$v.txt 2>&1
  echo "$v rc=$?"; grep -E '^\s+(PASS|FAIL|SKIP)|add/s' $O/$v.txt | head -8
  save
done
