#!/usr/bin/env bash
# Session 18: the MSMs over the comb tables by teams (msm_comb_team, --param
# fk20.msm_team=2|4: the complete projective formulas by teams of two or four work-items)
# and the proofs' steps queued before the cells' and commitment's (s18d = c3aa6fb + both;
# msm_team 0 is one work-item a term, as before). One blob: variants against s17z
# (a8f00ec), three rounds of 20; the MSM, commitment and proofs stages; 8 blobs.
set -u
O=/tmp/r138; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r138.tgz -C /tmp r138; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for v in s17z s18d; do .gpu/gpucheck-$v --version; done
B1=fk20.bench.L64.b1.pipeline
run1() { local tag=$1 v=$2; shift 2
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"; }
for v in s17z s18d; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3; do
  run1 base-r$r s17z
  run1 d-r$r s18d
  run1 dp2-r$r s18d --param fk20.msm_parts=2
  run1 dt2-r$r s18d --param fk20.msm_team=2
  run1 dt2p2-r$r s18d --param fk20.msm_team=2 --param fk20.msm_parts=2
  run1 dt4-r$r s18d --param fk20.msm_team=4
done
echo "b1 $(el)"; save
F='fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.proofs'
for t in 1 2 4; do
  timeout 120 .gpu/gpucheck-s18d bench --device cuda:0 --filter "$F" --samples 10 --param fk20.msm_team=$t > $O/stages-t$t.txt 2>&1; echo "stages team $t rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/stages-t$t.txt | cut -c1-110
done
for t in 1 2; do
  timeout 90 .gpu/gpucheck-s18d bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b8.msm' --samples 10 --param fk20.msm_team=$t > $O/b8-t$t.txt 2>&1; echo "b8 team $t rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/b8-t$t.txt | cut -c1-110
done
echo "end $(el)"; save
