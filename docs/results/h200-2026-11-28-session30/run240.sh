#!/usr/bin/env bash
# Session 30: 64 and 128 blobs with their cells beside the FK20 MSM on queue 1, queued after
# the MSM's launches (s30f = cb322d8 + cells_beside_msm_first.patch: --param
# fk20.cells_beside_max_batch=N --param fk20.cells_msm_first=1) against the default (the
# cells on queue 0 after the MSM), alternating, three rounds; a timeline (s30t = s30f +
# cuda_trace.patch).
set -u
O=/tmp/r240; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r240.tgz -C /tmp r240; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s30f; T=.gpu/gpucheck-s30t
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; } > $O/devices.txt 2>&1
t test 100 $F run --device cuda:0 --param fk20.cells_beside_max_batch=128 --param fk20.cells_msm_first=1 --filter 'fk20.eip7594.*'
for round in 1 2 3; do
  t b64-def-$round 40 $F bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-cb-$round 40 $F bench --device cuda:0 --param fk20.cells_beside_max_batch=64 --param fk20.cells_msm_first=1 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-def-$round 40 $F bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-cb-$round 40 $F bench --device cuda:0 --param fk20.cells_beside_max_batch=128 --param fk20.cells_msm_first=1 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
export GC_CUDA_TRACE
GC_CUDA_TRACE=$O/trace-b64-cb.txt t tr-b64-cb 60 $T bench --device cuda:0 -v --param fk20.cells_beside_max_batch=64 --param fk20.cells_msm_first=1 --filter fk20.bench.L64.b64.cells_proofs --samples 4 --warmup 1
unset GC_CUDA_TRACE
save
