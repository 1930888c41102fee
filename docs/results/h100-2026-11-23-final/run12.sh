#!/usr/bin/env bash
# MSM work-items per launch: 2^16 (default) against 2^15 and 2^14, same call
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
F='fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.commitment,fk20.bench.L64.b64.pipeline'
for b in gpucheck gpucheck-items15 gpucheck-items14; do
  .gpu/$b bench --device cuda:0 --filter "$F" --samples 5 > $O/items-$b.txt 2>&1; echo "== $b"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/items-$b.txt
done
tar czf $OUT/x.tgz -C /tmp x
