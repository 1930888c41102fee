#!/usr/bin/env bash
# Session 31: the split pass with each half's cells on queue 1 (s31d), at the default taps
# (2 at 32 blobs) and at 3 and 4, against no split; 64 and 128 blobs; one timeline (s31dt).
set -u
O=/tmp/r248; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r248.tgz -C /tmp r248; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
D=.gpu/gpucheck-s31d; T=.gpu/gpucheck-s31dt
B64="--filter fk20.bench.L64.b64.cells_proofs --samples 10"; B128="--filter fk20.bench.L64.b128.cells_proofs --samples 10"
t b64-split 90 $D bench --device cuda:0 $B64
t b64-split-t3 60 $D bench --device cuda:0 --param fk20.g1_straus_taps=3 $B64
t b64-split-t4 60 $D bench --device cuda:0 --param fk20.g1_straus_taps=4 $B64
t b64-plain 60 $D bench --device cuda:0 --param fk20.split_min_batch=0 $B64
t b128-split 60 $D bench --device cuda:0 $B128
t b128-split-t4 60 $D bench --device cuda:0 --param fk20.g1_straus_taps=4 $B128
t b128-plain 60 $D bench --device cuda:0 --param fk20.split_min_batch=0 $B128
GC_CUDA_TRACE=$O/trace-b64-split-t3.txt t tr-split-t3 90 $T bench --device cuda:0 --param fk20.g1_straus_taps=3 --filter fk20.bench.L64.b64.cells_proofs --samples 3 --warmup 1
save
