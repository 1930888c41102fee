#!/usr/bin/env bash
# MSM work-item target 2^15 against 2^16 (s21m, GC_KZG_MSM_ITEMS_LOG) where it changes the
# shapes: 8, 16, 32 blobs, 64 and 128 again, L = 16 512 blobs (proofs, MSM), two rounds.
set -u
O=/tmp/r169; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r169.tgz -C /tmp r169; }
for r in 1 2; do for lg in 15 16; do
  GC_KZG_MSM_ITEMS_LOG=$lg timeout 200 .gpu/gpucheck-s21m bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b32.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm' --samples 10 > $O/items$lg-r$r.txt 2>&1
  echo "2^$lg r$r $(grep -E '^\s+PASS|FAIL' $O/items$lg-r$r.txt | awk '{print $2, $3}' | tr '\n' ' ')"
  save
done; done
