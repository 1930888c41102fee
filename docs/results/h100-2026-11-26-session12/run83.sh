#!/usr/bin/env bash
# run82.sh's second round was noisy (CV 3-5%): side 0 (the rule) against 1 (the commitment
# beside the FK20 MSM) once more, alternating, 20 samples
set -u
O=/tmp/r83; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-side
for round in 1 2; do
for m in 0 1; do
GC_EXP_SIDE=$m timeout 40 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 20 > $O/side$m-$round.txt 2>&1
echo "== side=$m round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/side$m-$round.txt | cut -c1-100
done
done
tar czf $OUT/r83.tgz -C /tmp r83
