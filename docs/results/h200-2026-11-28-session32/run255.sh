#!/usr/bin/env bash
# Session 32: one blob's products of u and U_2 beside the doublings of U_1 and U_3
# (s32b = abb79c4) against d78099d (s31k): CUDA correctness, one blob alternating (five
# rounds), 8 and 16 blobs (the stage's own doublings, folded first), timelines.
set -u
O=/tmp/r255; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r255.tgz -C /tmp r255; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
B=.gpu/gpucheck-s32b; K=.gpu/gpucheck-s31k; T=.gpu/gpucheck-s32bt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $B --version; nproc; } > $O/devices.txt 2>&1
t test 200 $B run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_piece,fk20.eip7594.*,fk20.L64.cells_proofs*'
b1() { t b1-$1 60 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b1 warm-k $K bench --device cuda:0
b1 warm-b $B bench --device cuda:0
for round in 1 2 3 4 5; do
  b1 k-$round $K bench --device cuda:0
  b1 b-$round $B bench --device cuda:0
done
for round in 1 2; do
  t b8-k-$round 60 $K bench --device cuda:0 --filter 'fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs,fk20.bench.L64.b1.g1_conv' --samples 10
  t b8-b-$round 60 $B bench --device cuda:0 --filter 'fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs,fk20.bench.L64.b1.g1_conv' --samples 10
done
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1
GC_CUDA_TRACE=$O/trace-b8.txt t tr-b8 60 $T bench --device cuda:0 --filter fk20.bench.L64.b8.cells_proofs --samples 3 --warmup 1
save
