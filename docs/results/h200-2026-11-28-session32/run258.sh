#!/usr/bin/env bash
# Session 32: the convolution's products two taps a work-item (s32e, --param
# fk20.conv_group=2, Straus) against one (its default) and d78099d (s31k): CUDA
# correctness at two taps (plain, teams of two and four), one blob alternating, 8 / 16 blobs,
# timelines.
set -u
O=/tmp/r258; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r258.tgz -C /tmp r258; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
E=.gpu/gpucheck-s32e; K=.gpu/gpucheck-s31k; T=.gpu/gpucheck-s32et
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $E --version; nproc; } > $O/devices.txt 2>&1
G2="--param fk20.conv_group=2 --param mutant_fk20.conv_group=2"
t test2 200 $E run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_conv_team_lane,fk20.eip7594.*' $G2
t test2-t4 100 $E run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.eip7594.consensus_vectors' $G2 --param fk20.conv_team=4
t test2-t1 100 $E run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows' $G2 --param fk20.conv_team=1
b1() { t b1-$1 60 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b1 warm-k $K bench --device cuda:0
b1 warm-e $E bench --device cuda:0 $G2
for round in 1 2 3 4; do
  b1 k-$round $K bench --device cuda:0
  b1 e1-$round $E bench --device cuda:0
  b1 g2-$round $E bench --device cuda:0 $G2
  b1 g2t4-$round $E bench --device cuda:0 $G2 --param fk20.conv_team=4
done
for round in 1 2; do
  t mix-k-$round 60 $K bench --device cuda:0 --filter 'fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs' --samples 10
  t mix-g2-$round 60 $E bench --device cuda:0 --filter 'fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs' --samples 10 $G2
done
GC_CUDA_TRACE=$O/trace-g2.txt t tr-g2 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1 $G2
GC_CUDA_TRACE=$O/trace-g2t4.txt t tr-g2t4 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1 $G2 --param fk20.conv_team=4
save
