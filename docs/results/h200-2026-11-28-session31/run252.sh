#!/usr/bin/env bash
# Session 31: a sweep of the launch parameters on the H200 at the two missed targets (s31i =
# 58dfb84): one blob and 64 blobs, each variant against the default in the same round, two
# rounds; rules tuned on an H100 in earlier sessions.
set -u
O=/tmp/r252; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r252.tgz -C /tmp r252; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
I=.gpu/gpucheck-s31i
b1() { t b1-$1 60 $I bench --device cuda:0 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b64() { t b64-$1 60 $I bench --device cuda:0 ${@:2} --filter fk20.bench.L64.b64.cells_proofs --samples 10; }
b1 warm
for round in 1 2; do
  b1 default-$round
  b1 parts1-$round --param fk20.msm_parts=1
  b1 parts3-$round --param fk20.msm_parts=3
  b1 conv2-$round --param fk20.conv_team=2
  b1 sum1-$round --param fk20.sum_team=1
  b1 sum2-$round --param fk20.sum_team=2
  b1 width64-$round --param fk20.sum_tree_width=64
  b1 width32-$round --param fk20.sum_tree_width=32
  b1 smw12-$round --param fk20.team_sm_warps=12
  b64 default-$round
  b64 pairing0-$round --param fk20.g1_straus_pairing=0
  b64 groups0-$round --param fk20.sum_tree_groups=0
  b64 sum1-$round --param fk20.sum_team=1
done
save
