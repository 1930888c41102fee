#!/usr/bin/env bash
# Does the commitment's MSM in two parts, beside the FK20 MSM on queue 1, slow one blob's
# pipeline? H = 2cc5e62 + commit_parts.patch (GC_COMMIT_PARTS sets the commitment's parts,
# measurement only). One blob's pipeline, four rounds of 20: FK20 parts 2 with the
# commitment's 2 (the default) and 1, and FK20 parts 1 with the commitment's 1 (cdcf23e's).
set -u
O=/tmp/r111; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r111.tgz -C /tmp r111; }
G=.gpu/gpucheck-s15h
$G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1
for round in 1 2 3 4; do
  for cfg in "2 2" "2 1" "1 1"; do
    set -- $cfg
    GC_COMMIT_PARTS=$2 timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --param fk20.msm_parts=$1 --samples 20 > $O/f$1c$2-r$round.txt 2>&1; echo "fk20 parts $1 commitment parts $2 r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/f$1c$2-r$round.txt | cut -c1-100
  done
done
save
