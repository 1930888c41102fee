#!/usr/bin/env bash
# Session 33: s33c = the sums' trees by teams (two up to 256 outputs, four up to 128),
# s33d = s33c + teams of two computing their two products of a round in one call
# (gc_fp_mul2_call), against s32g = 61087f5. CUDA correctness of s33d (teams of two in the
# convolution's products, the pairs, the trees), one blob alternating five rounds, 8 / 16 /
# 64 / 128 blobs, a timeline.
set -u
O=/tmp/r263; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r263.tgz -C /tmp r263; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
D=.gpu/gpucheck-s33d; C=.gpu/gpucheck-s33c; K=.gpu/gpucheck-s32g; T=.gpu/gpucheck-s33dt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $D --version; nproc; } > $O/devices.txt 2>&1
t test 170 $D run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,fk20.L64.msm.row1,fk20.L64.g1_fft.rows,fk20.L16.g1_fft.row1,mutant_fk20.wrong_conv_team_lane,mutant_fk20.wrong_team_lane,fk20.eip7594.*'
B1=fk20.bench.L64.b1.cells_proofs
t warm 60 $D bench --device cuda:0 --filter "$B1" --samples 3
for round in 1 2 3 4 5; do
  t k-$round 40 $K bench --device cuda:0 --filter "$B1" --samples 20
  t c-$round 40 $C bench --device cuda:0 --filter "$B1" --samples 20
  t d-$round 40 $D bench --device cuda:0 --filter "$B1" --samples 20
done
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2
M='fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs'
t k-m 60 $K bench --device cuda:0 --filter "$M" --samples 20
t d-m 60 $D bench --device cuda:0 --filter "$M" --samples 20
t k-big 90 $K bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs' --samples 10
t d-big 90 $D bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs' --samples 10
save
