#!/usr/bin/env bash
# Session 18: where a large pass's cells run. s18g (8629cbc): at 64 blobs beside the G1
# stage pairs (queue 1 after the MSM), at 128 on queue 0 after the MSM; s18h1: beside
# the MSM at every size (queue 1 before the commitment, KZG_CELLS_BESIDE_MAX_BATCH 512);
# s18h2: on queue 0 after the MSM at 64 blobs too (KZG_CELLS_BESIDE_PAIRS_MAX_POINTS 0).
# 64 and 128 blobs, two rounds of 10.
set -u
O=/tmp/r141; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r141.tgz -C /tmp r141; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for r in 1 2; do for v in s18g s18h1 s18h2; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-r$r.txt 2>&1; echo "$v r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-r$r.txt | cut -c1-110
done; done
save
