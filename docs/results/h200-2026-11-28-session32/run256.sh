#!/usr/bin/env bash
# Session 32: s32c = 47e4022 (width-4 team tables of four multiples; --param
# fk20.cells_after_comb) against d78099d (s31k), with launch options at one blob:
# the cells after u's comb, the convolution by teams of four, the MSM in four parts.
set -u
O=/tmp/r256; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r256.tgz -C /tmp r256; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
C=.gpu/gpucheck-s32c; K=.gpu/gpucheck-s31k; T=.gpu/gpucheck-s32ct
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $C --version; nproc; } > $O/devices.txt 2>&1
t test 200 $C run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_team_lane,fk20.eip7594.*'
t test-after 100 $C run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.eip7594.ckzg_cases' --param fk20.cells_after_comb=1
b1() { t b1-$1 60 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b1 warm-k $K bench --device cuda:0
b1 warm-c $C bench --device cuda:0
for round in 1 2 3 4; do
  b1 k-$round $K bench --device cuda:0
  b1 c-$round $C bench --device cuda:0
  b1 after-$round $C bench --device cuda:0 --param fk20.cells_after_comb=1
  b1 team4-$round $C bench --device cuda:0 --param fk20.conv_team=4
  b1 parts4-$round $C bench --device cuda:0 --param fk20.msm_parts=4
done
t b64-k 60 $K bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b8.cells_proofs' --samples 10
t b64-c 60 $C bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b8.cells_proofs' --samples 10
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1
GC_CUDA_TRACE=$O/trace-b1-after.txt t tr-b1-after 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1 --param fk20.cells_after_comb=1
GC_CUDA_TRACE=$O/trace-b1-team4.txt t tr-b1-team4 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1 --param fk20.conv_team=4
save
