#!/usr/bin/env bash
# Session 31: the host copies' workers watching before they sleep and the caller only handing
# chunks on (s31j = 95443c4) against 58dfb84 (s31i): 64 and 128 blobs alternating, three
# rounds; one timeline of 64 blobs (s31jt = s31j + cuda_trace.patch) for the upload.
set -u
O=/tmp/r253; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r253.tgz -C /tmp r253; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
J=.gpu/gpucheck-s31j; I=.gpu/gpucheck-s31i; T=.gpu/gpucheck-s31jt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $J --version; nproc; } > $O/devices.txt 2>&1
t warm 90 $J bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 3
for round in 1 2 3; do
  t b64-new-$round 60 $J bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-old-$round 60 $I bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-new-$round 60 $J bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-old-$round 60 $I bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
GC_CUDA_TRACE=$O/trace-b64.txt t tr-b64 60 $T bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 3 --warmup 1
save
