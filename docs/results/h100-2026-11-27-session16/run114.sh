#!/usr/bin/env bash
# M = 1cb0ee7 + chunk.patch (measurement only: GC_M_PIECE_CHUNK / GC_M_U_CHUNK set the
# terms per work-item of one blob's pieces' MSM and u's MSM). One blob's pipeline and
# proofs at chunks 1/1 (the default), 2/1, 2/2, 4/1, three rounds of 20.
set -u
O=/tmp/r114; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r114.tgz -C /tmp r114; }
.gpu/gpucheck-s16m bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  for pc in 1/1 2/1 2/2 4/1 4/2; do
    p=${pc%/*}; u=${pc#*/}
    GC_M_PIECE_CHUNK=$p GC_M_U_CHUNK=$u timeout 60 .gpu/gpucheck-s16m bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs' --samples 20 > $O/p$p-u$u-r$round.txt 2>&1; echo "p$p u$u r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/p$p-u$u-r$round.txt | cut -c1-100
  done
done
save
