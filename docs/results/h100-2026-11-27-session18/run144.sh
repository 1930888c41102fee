#!/usr/bin/env bash
# Session 18: the cells of large passes. s18g (8629cbc): the cells' FFT one work-group a
# row above 16 blobs (64 work-groups at 64 blobs: a long launch on 64 SMs, beside the G1
# pairs at 64 blobs and on queue 0 at 128); s18j = s18g + cells_blocks.patch (the cells'
# FFT in row blocks up to 128 blobs); s18k = s18j + cells_words.patch (the cells' bytes
# stored as 32-bit words instead of bytes). 64 and 128 blobs two rounds of 10, the cells
# stage at 64 and 128, one and 16 blobs once.
set -u
O=/tmp/r144; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r144.tgz -C /tmp r144; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for v in s18g s18j s18k; do .gpu/gpucheck-$v --version; done
for r in 1 2; do for v in s18g s18j s18k; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-big-r$r.txt 2>&1; echo "$v r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-big-r$r.txt | cut -c1-110
done; done
save
for v in s18g s18j s18k; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells,fk20.bench.L64.b128.cells,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b16.pipeline' --samples 10 > $O/$v-small.txt 2>&1; echo "$v small rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-small.txt | cut -c1-110
done
timeout 100 .gpu/gpucheck-s18k run --device cuda:0 --filter 'fk20.L64.cells*,fk20.eip7594.*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
save
