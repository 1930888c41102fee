#!/usr/bin/env bash
# Session 23: what an Fp inversion (the divsteps of gc_fp_inv) costs in Fp products, at
# full occupancy and one warp per SM partition: the new bench.fp_inv* beside
# bench.fp_mul_ptx and bench.fp_mul_latency_ptx in one call (s23c).
set -u
O=/tmp/r195; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r195.tgz -C /tmp r195; }
G=.gpu/gpucheck-s23c
$G --version > $O/devices.txt
timeout 300 $G bench --device cuda:0 --filter 'bls12_381.bench.fp_mul_ptx,bls12_381.bench.fp_mul_latency_ptx,bls12_381.bench.fp_inv,bls12_381.bench.fp_inv_ptx,bls12_381.bench.fp_inv_latency_ptx' --samples 10 -v > $O/inv.txt 2>&1
echo "rc=$?"; grep -E '^\s+(PASS|FAIL|SKIP)|inv/s|mul/s|cycles_per_step|of_limit' $O/inv.txt | head -30
save
