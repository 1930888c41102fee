#!/usr/bin/env bash
# Session 31: why the split pass is slower (run246.sh: 64 blobs 12.5 against 9.6 ms):
# timelines of 64 blobs split and not split (s31ct = the fix of 2d3c814 + cuda_trace.patch).
set -u
O=/tmp/r247; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r247.tgz -C /tmp r247; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
T=.gpu/gpucheck-s31ct
GC_CUDA_TRACE=$O/trace-b64-split.txt t tr-split 90 $T bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 3 --warmup 1
GC_CUDA_TRACE=$O/trace-b64-plain.txt t tr-plain 90 $T bench --device cuda:0 --param fk20.split_min_batch=0 --filter fk20.bench.L64.b64.cells_proofs --samples 3 --warmup 1
save
