#!/usr/bin/env bash
# Session 33, the final code: s33f against s32g = 61087f5 (the last session's) at one blob,
# eight alternating rounds, and against s33c (no mapped blobs) at 8 and 16 blobs, three
# alternating rounds.
set -u
O=/tmp/r266; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r266.tgz -C /tmp r266; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s33f; C=.gpu/gpucheck-s33c; K=.gpu/gpucheck-s32g
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; nproc; } > $O/devices.txt 2>&1
B1=fk20.bench.L64.b1.cells_proofs
M='fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs'
t warm-f 90 $F bench --device cuda:0 --filter "$B1" --samples 3
t warm-k 90 $K bench --device cuda:0 --filter "$B1" --samples 3
t warm-c 90 $C bench --device cuda:0 --filter "$B1" --samples 3
for round in 1 2 3 4 5 6 7 8; do
  t k-$round 40 $K bench --device cuda:0 --filter "$B1" --samples 20
  t f-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20
done
t f-ct4-1 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.conv_team=4
t f-ct4-2 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.conv_team=4
for round in 1 2 3; do
  t cm-$round 40 $C bench --device cuda:0 --filter "$M" --samples 20
  t fm-$round 40 $F bench --device cuda:0 --filter "$M" --samples 20
done
save
