#!/usr/bin/env bash
# The blobs' upload: pinned H2D copy speed and per-copy cost (PyTorch), then 64 and 128
# blobs with 1, 2, 4 (default) and 8 upload chunks per copy thread (s21x: GC_KZG_UPLOAD_CPT).
set -u
O=/tmp/r165; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r165.tgz -C /tmp r165; }
timeout 60 python3 .gpu/h2d.py > $O/h2d.txt 2>&1; cat $O/h2d.txt
G=.gpu/gpucheck-s21x
for r in 1 2; do for cpt in 4 1 2 8; do
  GC_KZG_UPLOAD_CPT=$cpt timeout 120 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/cpt$cpt-r$r.txt 2>&1
  echo "cpt=$cpt r$r $(grep -E '^\s+PASS' $O/cpt$cpt-r$r.txt | awk '{print $2, $3}' | tr '\n' ' ')"
done; done
save
