#!/usr/bin/env bash
# Session 30: (1) one blob's two FK20 MSMs queued interleaved (s30d = cb322d8, against
# s30c = 4358e3f); (2) 64 and 128 blobs with their cells beside the FK20 MSM on queue 1
# (s30e = s30d + cells_beside.patch, --param fk20.cells_beside_max_batch=N) against after
# it on queue 0 (the default); timelines (s30t = s30e + cuda_trace.patch).
set -u
O=/tmp/r239; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r239.tgz -C /tmp r239; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
D=.gpu/gpucheck-s30d; C=.gpu/gpucheck-s30c; E=.gpu/gpucheck-s30e; T=.gpu/gpucheck-s30t
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $D --version; } > $O/devices.txt 2>&1
t test 200 $D run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.msm.row1,fk20.L64.g1_conv.row1,mutant_fk20.wrong_conv_*,mutant_fk20.wrong_msm_part_weight'
t test-cells 60 $E run --device cuda:0 --param fk20.cells_beside_max_batch=128 --filter 'fk20.eip7594.*'
for round in 1 2 3; do
  t b1-new-$round 30 $D bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-old-$round 30 $C bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
done
for round in 1 2; do
  t b64-def-$round 40 $E bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-cb-$round 40 $E bench --device cuda:0 --param fk20.cells_beside_max_batch=64 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-def-$round 40 $E bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-cb-$round 40 $E bench --device cuda:0 --param fk20.cells_beside_max_batch=128 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
export GC_CUDA_TRACE
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 -v --filter fk20.bench.L64.b1.cells_proofs --samples 10 --warmup 2
GC_CUDA_TRACE=$O/trace-b64-cb.txt t tr-b64-cb 60 $T bench --device cuda:0 -v --param fk20.cells_beside_max_batch=64 --filter fk20.bench.L64.b64.cells_proofs --samples 4 --warmup 1
unset GC_CUDA_TRACE
save
