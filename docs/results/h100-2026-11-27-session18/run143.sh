#!/usr/bin/env bash
# Session 18: larger FK20 comb on an 80 GB GPU: FK20's table at 17 teeth (15 additions a
# term instead of 16; 48 GiB) with the commitment's at 16 (12 GiB) or 17 (24 GiB), against
# the default 16 / 17 (24 + 24 GiB), with s18g (8629cbc): one blob three rounds of 20, 8,
# 16, 64 and 128 blobs, the precomputation's size and time (-v).
set -u
O=/tmp/r143; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r143.tgz -C /tmp r143; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s18g; $G --version
B1=fk20.bench.L64.b1.pipeline
for r in 1 2 3; do
  for t in "16 17" "17 16" "17 17"; do set -- $t
    timeout 60 $G bench --device cuda:0 --filter $B1 --samples 20 --param fk20.comb_teeth=$1 --param fk20.commit_teeth=$2 -v > $O/b1-t$1-$2-r$r.txt 2>&1; echo "b1 $1/$2 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b1-t$1-$2-r$r.txt | cut -c1-110)"
  done
done
echo "b1 $(el)"; save
for t in "16 17" "17 16" "17 17"; do set -- $t
  timeout 200 $G bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment' --samples 10 --param fk20.comb_teeth=$1 --param fk20.commit_teeth=$2 -v > $O/many-t$1-$2.txt 2>&1; echo "many $1/$2 rc=$? $(el)"; grep -E '^\s+(PASS|FAIL|ERROR|BROKEN|SKIP)|MB' $O/many-t$1-$2.txt | cut -c1-150 | head -14
done
save
