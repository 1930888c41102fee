#!/usr/bin/env bash
# Session 33: s33f = s33e with kzg_blob_fft_in's 16 loads issued before its stores (the
# mapped staging read in one round trip), against s33c (the trees by teams). CUDA
# correctness of s33f, one blob alternating six rounds, a timeline, 8 / 16 / 64 / 128 blobs.
set -u
O=/tmp/r265; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r265.tgz -C /tmp r265; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s33f; C=.gpu/gpucheck-s33c; T=.gpu/gpucheck-s33ft
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; nproc; } > $O/devices.txt 2>&1
t test 150 $F run --device cuda:0 --filter 'fk20.L64.poly.row1,fk20.L64.poly.rows,mutant_fk20.stale_blob_flag,fk20.eip7594.*'
B1=fk20.bench.L64.b1.cells_proofs
t warm-f 60 $F bench --device cuda:0 --filter "$B1" --samples 3
t warm-c 90 $C bench --device cuda:0 --filter "$B1" --samples 3
for round in 1 2 3 4 5 6; do
  t c-$round 40 $C bench --device cuda:0 --filter "$B1" --samples 20
  t f-$round 40 $F bench --device cuda:0 --filter "$B1" --samples 20
done
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 --filter "$B1" --samples 8 --warmup 2
t f-m 60 $F bench --device cuda:0 --filter 'fk20.bench.L64.b8.cells_proofs,fk20.bench.L64.b16.cells_proofs' --samples 20
t f-big 90 $F bench --device cuda:0 --filter 'fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.commitment' --samples 10
save
