#!/usr/bin/env bash
# Session 27, first call: the batches' convolution at 168 registers with its table loops
# rolled (s27a = 0e4da95 + straus_regs_nounroll.patch: the tables' formulas by reference,
# GC_OCCUPANCY(64, 6), 12 warps an SM; ptxas: 96-104 / 172-176 bytes spilled) against
# f38cc4f (s26c, 229 registers, 8 warps an SM): the stage at 2 / 4 / 8 taps and 32 / 64 /
# 128 blobs, then cells + proofs at 32 / 64 / 128 blobs with the taps set, two rounds.
set -u
O=/tmp/r219; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r219.tgz -C /tmp r219; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27a B=.gpu/gpucheck-s26c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t new-test 150 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,-fk20.bench.*'
t old-warm 90 $B bench --device cuda:0 --filter fk20.bench.L64.b32.g1_straus --samples 3
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for tp in 2 4 8; do t new-st$tp 60 $N bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=$tp; done
t old-st 60 $B bench --device cuda:0 --filter "$s" --samples 5
for round in 1 2; do
  for tp in 2 4; do t new-cp$tp-$round 60 $N bench --device cuda:0 --filter "fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs" --samples 10 --param fk20.g1_straus_taps=$tp; done
  for tp in 4 8; do t new-cp128-$tp-$round 60 $N bench --device cuda:0 --filter "fk20.bench.L64.b128.cells_proofs" --samples 10 --param fk20.g1_straus_taps=$tp; done
  t old-cp-$round 60 $B bench --device cuda:0 --filter "fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs" --samples 10
done
save
