#!/usr/bin/env bash
# Session 32: the G1 convolution's products in 8 pieces of 16 bits (s32a = ac20874,
# --param fk20.conv_parts=8) against 4 of 32 (its default) and against d78099d (s31k):
# CUDA correctness at 8 pieces, then one blob alternating, 8 and 16 blobs, the stage, and
# a timeline of one blob at each (s32at = s32a + cuda_trace.patch).
set -u
O=/tmp/r254; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r254.tgz -C /tmp r254; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
A=.gpu/gpucheck-s32a; K=.gpu/gpucheck-s31k; T=.gpu/gpucheck-s32at
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $A --version; nproc; } > $O/devices.txt 2>&1
P8="--param fk20.conv_parts=8 --param mutant_fk20.conv_parts=8"
t test8 200 $A run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_piece,mutant_fk20.wrong_conv_tap,fk20.eip7594.consensus_vectors' $P8
t test4 120 $A run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,fk20.eip7594.consensus_vectors'
b1() { t b1-$1 60 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b1 warm-k $K bench --device cuda:0
b1 warm-a $A bench --device cuda:0
for round in 1 2 3; do
  b1 k-$round $K bench --device cuda:0
  b1 p4-$round $A bench --device cuda:0
  b1 p8-$round $A bench --device cuda:0 $P8
  b1 p8t1-$round $A bench --device cuda:0 $P8 --param fk20.conv_team=1
  b1 p8t4-$round $A bench --device cuda:0 $P8 --param fk20.conv_team=4
done
for round in 1 2; do
  t conv-p4-$round 60 $A bench --device cuda:0 --filter 'fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.msm' --samples 20
  t conv-p8-$round 60 $A bench --device cuda:0 --filter 'fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.msm' --samples 20 $P8
  t b8-p4-$round 60 $A bench --device cuda:0 --filter 'fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs' --samples 10
  t b8-p8-$round 60 $A bench --device cuda:0 --filter 'fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs' --samples 10 $P8
done
GC_CUDA_TRACE=$O/trace-b1-p4.txt t tr-p4 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1
GC_CUDA_TRACE=$O/trace-b1-p8.txt t tr-p8 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1 $P8
save
