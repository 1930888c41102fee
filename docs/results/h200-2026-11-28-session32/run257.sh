#!/usr/bin/env bash
# Session 32: msm_comb loading each table point one addition ahead (s32d = the commit
# after 47e4022) against d78099d (s31k): CUDA correctness of the MSM, one blob
# alternating (five rounds), 8 / 16 / 32 blobs, the 64-blob commitment, 128 blobs, a timeline.
set -u
O=/tmp/r257; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r257.tgz -C /tmp r257; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
D=.gpu/gpucheck-s32d; K=.gpu/gpucheck-s31k; T=.gpu/gpucheck-s32dt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $D --version; nproc; } > $O/devices.txt 2>&1
t test 200 $D run --device cuda:0 --filter 'fk20.L64.msm.*,fk20.L64.commitment.*,fk20.L16.msm.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,fk20.eip7594.*'
b1() { t b1-$1 60 ${@:2} --filter fk20.bench.L64.b1.cells_proofs --samples 20; }
b1 warm-k $K bench --device cuda:0
b1 warm-d $D bench --device cuda:0
for round in 1 2 3 4 5; do
  b1 k-$round $K bench --device cuda:0
  b1 d-$round $D bench --device cuda:0
done
M='fk20.bench.L64.b1.msm,fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs,fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.cells_proofs'
for round in 1 2; do
  t mix-k-$round 120 $K bench --device cuda:0 --filter "$M" --samples 10
  t mix-d-$round 120 $D bench --device cuda:0 --filter "$M" --samples 10
done
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3 --warmup 1
save
