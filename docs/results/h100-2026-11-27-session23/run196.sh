#!/usr/bin/env bash
# Session 23: batch-affine G1 additions (32 or 64 a work-item sharing one inversion) against
# msm_comb's XYZZ + affine addition, portable and PTX builds, full occupancy (512 work-items
# an SM), in one call: s23d (batches of 32, = a committed tree) and s23d64 (the same with
# GC_BENCH_BATCH / BENCH_BATCH 64).
set -u
O=/tmp/r196; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r196.tgz -C /tmp r196; }
for v in s23d s23d64; do
  timeout 250 .gpu/gpucheck-$v bench --device cuda:0 --filter 'bls12_381.bench.fp_mul_ptx,bls12_381.bench.g1_xyzz_madd*,bls12_381.bench.g1_affine_batch*' --samples 10 -v > $O/$v.txt 2>&1
  echo "$v rc=$?"; grep -E '^\s+(PASS|FAIL|SKIP)|add/s|mul/s' $O/$v.txt | head -20
  save
done
