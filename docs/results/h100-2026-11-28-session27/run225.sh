#!/usr/bin/env bash
# Session 27, last device call (~4 min of budget): the Jacobian accumulator in the batches'
# convolution and the comb MSM (s27h): the stages alone at 64 / 128 blobs, cells + proofs
# at 64 / 128 blobs (two rounds), tests through CUDA; then, if time is left, the same
# stages of s27f (HEAD before it, XYZZ) in the same call.
set -u
O=/tmp/r225; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r225.tgz -C /tmp r225; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27h B=.gpu/gpucheck-s27f
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
s="fk20.bench.L64.b64.msm,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.g1_straus"
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
t new-st 100 $N bench --device cuda:0 --filter "$s" --samples 5
t new-cp-1 40 $N bench --device cuda:0 --filter "$c" --samples 10
t new-test 40 $N run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.L64.g1_straus.rows,fk20.L64.msm.rows'
t new-cp-2 40 $N bench --device cuda:0 --filter "$c" --samples 10
if [ $(( $(date +%s) - T0 )) -lt 110 ]; then t old-st 90 $B bench --device cuda:0 --filter "$s" --samples 5; t old-cp 30 $B bench --device cuda:0 --filter "$c" --samples 10; fi
save
