#!/usr/bin/env bash
# Where the cells and the commitment go beside the proofs, now that the fused pairs run by
# teams: side = 9f9a27b + an experiment switch (GC_EXP_SIDE, not committed): 0 the rule,
# 1 the commitment beside the FK20 MSM, 2 the cells on queue 0 after the MSM, 3 both
set -u
O=/tmp/r82; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-side
$G --version > $O/devices.txt 2>&1
for round in 1 2; do
for m in 0 1 2 3; do
GC_EXP_SIDE=$m timeout 40 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/side$m-$round.txt 2>&1
echo "== side=$m round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/side$m-$round.txt | cut -c1-100
done
done
tar czf $OUT/r82.tgz -C /tmp r82
