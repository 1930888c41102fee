#!/usr/bin/env bash
# Session 27, last device call: the cells beside the batches' convolution (s27g) against
# HEAD before it (s27f, same kernels): cells + proofs at 64 / 128 blobs and the pipeline
# with commitments, three rounds, alternating.
set -u
O=/tmp/r224; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r224.tgz -C /tmp r224; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27g B=.gpu/gpucheck-s27f
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
t warm 100 $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 2
for round in 1 2 3; do
  t new-$round 40 $N bench --device cuda:0 --filter "$c" --samples 10
  t old-$round 40 $B bench --device cuda:0 --filter "$c" --samples 10
done
save
