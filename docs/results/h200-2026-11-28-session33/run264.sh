#!/usr/bin/env bash
# Session 33: s33e = s33c + passes of up to 16 blobs read from the mapped staging by the
# polynomial's first launch (no transfer), against s33c (the trees by teams) and s32g =
# 61087f5. CUDA correctness of s33e, one blob alternating five rounds, 8 / 16 blobs, a
# timeline.
set -u
O=/tmp/r264; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r264.tgz -C /tmp r264; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
E=.gpu/gpucheck-s33e; C=.gpu/gpucheck-s33c; K=.gpu/gpucheck-s32g; T=.gpu/gpucheck-s33et
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $E --version; nproc; } > $O/devices.txt 2>&1
t test 150 $E run --device cuda:0 --filter 'fk20.L64.poly.row1,fk20.L64.poly.rows,mutant_fk20.stale_blob_flag,fk20.eip7594.*'
B1=fk20.bench.L64.b1.cells_proofs
t warm 60 $E bench --device cuda:0 --filter "$B1" --samples 3
for round in 1 2 3 4 5; do
  t c-$round 40 $C bench --device cuda:0 --filter "$B1" --samples 20
  t e-$round 40 $E bench --device cuda:0 --filter "$B1" --samples 20
done
t k-1 40 $K bench --device cuda:0 --filter "$B1" --samples 20
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2
M='fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs'
t c-m 60 $C bench --device cuda:0 --filter "$M" --samples 20
t e-m 60 $E bench --device cuda:0 --filter "$M" --samples 20
t e-pipe 60 $E bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.commitment' --samples 20
save
