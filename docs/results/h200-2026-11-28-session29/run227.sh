#!/usr/bin/env bash
# Session 28's second prepared call: the batch-affine comb's shape. s28c8 = s28a with
# KZG_AFF_COLS 8 (a level's inversion over 8 columns: 16.9 KB of stack, not 32.8); s28t8 =
# s28a with KZG_AFF_TERMS 8 (8 terms a work-item, kernel and host; 16.9 KB). ptxas -v of all
# three: 128 registers, 200 / 116 bytes spilled. Each passes fk20_msm_affine's runs on PoCL.
# The MSM stage and the commitment at 64 / 128 blobs, then cells + proofs, with s28a beside.
set -u
O=/tmp/r227; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r227.tgz -C /tmp r227; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
A="--param fk20.msm_affine=1"
s="fk20.bench.L64.b64.msm,fk20.bench.L64.b128.msm,fk20.bench.L64.b64.commitment"
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for v in s28c8 s28t8 s28a; do
  t $v-st 110 .gpu/gpucheck-$v bench --device cuda:0 $A --filter "$s" --samples 5
  t $v-cp 40 .gpu/gpucheck-$v bench --device cuda:0 $A --filter "$c" --samples 10
done
t s28t8-test 60 .gpu/gpucheck-s28t8 run --device cuda:0 $A --filter 'fk20.L64.msm.*,fk20.eip7594.consensus_vectors'
save
