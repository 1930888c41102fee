#!/usr/bin/env bash
# G1 formulas' throughput with the fused a b + c d (s21e = 7076bf8) against 51c50e1 (s21s),
# each twice, alternating; and the one-warp product.
set -u
O=/tmp/r175; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r175.tgz -C /tmp r175; }
for r in 1 2; do for v in s21s s21e; do
  timeout 100 .gpu/gpucheck-$v bench --device cuda:0 --filter 'bls12_381.bench.g1_add_ptx,bls12_381.bench.g1_dbl_ptx,bls12_381.bench.fp_mul_ptx' --samples 9 > $O/$v-r$r.txt 2>&1
  echo "$v r$r $(grep -E '^\s+(PASS|FAIL)' $O/$v-r$r.txt | awk '{print $2, $3}' | tr '\n' ' ')"
done; done
save
