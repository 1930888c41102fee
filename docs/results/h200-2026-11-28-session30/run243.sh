#!/usr/bin/env bash
# Session 30: the convolutions' folds by teams of four (s30i = a32078c) against plain folds
# (s30h = cb322d8's code): the stages through CUDA, then one blob and 64 / 128 blobs,
# alternating, three rounds.
set -u
O=/tmp/r243; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r243.tgz -C /tmp r243; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
I=.gpu/gpucheck-s30i; H=.gpu/gpucheck-s30h
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $I --version; } > $O/devices.txt 2>&1
t test 120 $I run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.g1_conv.row1,fk20.L64.g1_straus.rows'
for round in 1 2 3; do
  t b1-new-$round 20 $I bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-old-$round 20 $H bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b64-new-$round 20 $I bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-old-$round 20 $H bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
done
t b128-new 20 $I bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
t b128-old 20 $H bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
save
