#!/usr/bin/env bash
# MSM launches aiming at 2^15 (default), 2^16 or 2^17 work-items (s21m: GC_KZG_MSM_ITEMS_LOG,
# msm_items.patch on 51c50e1): the 64-blob MSM and commitment stages, 64 and 128 blobs.
set -u
O=/tmp/r168; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r168.tgz -C /tmp r168; }
for r in 1 2; do for lg in 15 16 17; do
  GC_KZG_MSM_ITEMS_LOG=$lg timeout 150 .gpu/gpucheck-s21m bench --device cuda:0 --filter 'fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/items$lg-r$r.txt 2>&1
  echo "2^$lg r$r $(grep -E '^\s+PASS|FAIL' $O/items$lg-r$r.txt | awk '{print $2, $3}' | tr '\n' ' ')"
done; done
save
