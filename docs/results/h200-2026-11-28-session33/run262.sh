#!/usr/bin/env bash
# Session 33: s33b = 9b420ad (the blob bytes read by the first IFFT launch, the MSMs' integers
# made in the circulant FFTs' launch; the combination and U_1's doublings apart again)
# against s32g = 61087f5, and the sums' trees by teams (sum_team 2: the MSM's trees of 256
# outputs by teams of two; 4: every tree by teams of four), alternating five rounds; timelines.
set -u
O=/tmp/r262; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r262.tgz -C /tmp r262; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s33b; K=.gpu/gpucheck-s32g; T=.gpu/gpucheck-s33bt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; nproc; } > $O/devices.txt 2>&1
t test 120 $F run --device cuda:0 --filter 'fk20.L64.poly.row1,fk20.L64.msm.row1,fk20.eip7594.*'
B1=fk20.bench.L64.b1.cells_proofs
t warm 60 $F bench --device cuda:0 --filter "$B1" --samples 3
for round in 1 2 3 4 5; do
  t k-$round 40 $K bench --device cuda:0 --filter "$B1" --samples 20
  t f-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20
  t s2-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.sum_team=2
  t s4-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20 --param fk20.sum_team=4
done
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2
GC_CUDA_TRACE=$O/trace-b1-s2.txt t tr-b1-s2 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2 --param fk20.sum_team=2
GC_CUDA_TRACE=$O/trace-b1-s4.txt t tr-b1-s4 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2 --param fk20.sum_team=4
save
