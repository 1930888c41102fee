#!/usr/bin/env bash
# Session 32: the final state (s32g = 61087f5: two taps a work-item by default, not by teams, in slices
# of at least 8 blobs) against d78099d (s31k): CUDA correctness by default, then 1 / 8 / 16
# blobs alternating (three rounds), 64 and 128 blobs once.
set -u
O=/tmp/r260; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r260.tgz -C /tmp r260; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s32g; K=.gpu/gpucheck-s31k
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; nproc; } > $O/devices.txt 2>&1
t test 150 $F run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_team_lane,fk20.eip7594.*'
M='fk20.bench.L64.b1.cells_proofs,fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs'
t warm 90 $F bench --device cuda:0 --filter "$M" --samples 3
for round in 1 2 3; do
  t k-$round 60 $K bench --device cuda:0 --filter "$M" --samples 20
  t f-$round 60 $F bench --device cuda:0 --filter "$M" --samples 20
done
t big-f 90 $F bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs' --samples 10
save
