#!/usr/bin/env bash
# Session 33: s33a = 92f159b (three launches fewer on one blob's critical path: blob bytes
# read by the first IFFT launch, the MSMs' integers made in the circulant FFTs' launch, U_1
# and U_3 made in the deferred parts' combination) against s32g = 61087f5. CUDA correctness,
# then one blob alternating (four rounds), the trees by teams (sum_team 2 / 4), 8 / 16 /
# 64 / 128 blobs, a timeline.
set -u
O=/tmp/r261; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r261.tgz -C /tmp r261; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s33a; K=.gpu/gpucheck-s32g; T=.gpu/gpucheck-s33at
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; nproc; } > $O/devices.txt 2>&1
t test 170 $F run --device cuda:0 --filter 'fk20.L64.poly.row1,fk20.L64.poly.rows,fk20.L16.poly.rows,fk20.L64.circulant_fft.row1,fk20.L64.msm.row1,fk20.L16.msm.rows,fk20.L64.g1_conv.row1,mutant_fk20.wrong_conv_piece,mutant_fk20.stale_blob_flag,mutant_fk20.wrong_msm_part_weight,fk20.eip7594.*'
B1=fk20.bench.L64.b1.cells_proofs
t warm 90 $F bench --device cuda:0 --filter "$B1,fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs" --samples 3
for round in 1 2 3 4; do
  t k-$round 40 $K bench --device cuda:0 --filter "$B1" --samples 20
  t f-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20
done
t f-sum2 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.sum_team=2
t f-sum4 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.sum_team=4
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter "$B1" --samples 3 --warmup 1
M='fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs'
t k-m 60 $K bench --device cuda:0 --filter "$M" --samples 20
t f-m 60 $F bench --device cuda:0 --filter "$M" --samples 20
t big-f 90 $F bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs' --samples 10
save
