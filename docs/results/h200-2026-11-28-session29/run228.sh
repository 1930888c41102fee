#!/usr/bin/env bash
# Session 29, second call after run226/run227: (1) launch timelines of one blob and of 64
# blobs, cells + proofs (s29t = ba748bd's kernels + cuda_trace2.patch: events around every
# launch and copy, GC_CUDA_TRACE=file); (2) both comb tables at 17 teeth (72 GiB; the
# default from 64 GB is 16 / 17) on this 141 GB H200, alternating with the default, at
# 1 / 64 / 128 blobs, and the MSM stage.
set -u
O=/tmp/r228; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r228.tgz -C /tmp r228; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s28a; T=.gpu/gpucheck-s29t
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $G --version; $T --version; } > $O/devices.txt 2>&1
export GC_CUDA_TRACE
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 -v --filter fk20.bench.L64.b1.cells_proofs --samples 10 --warmup 2
GC_CUDA_TRACE=$O/trace-b64.txt t tr-b64 60 $T bench --device cuda:0 -v --filter fk20.bench.L64.b64.cells_proofs --samples 4 --warmup 1
unset GC_CUDA_TRACE
c="fk20.bench.L64.b1.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
S="--param fk20.comb_teeth=17"
for round in 1 2; do
  t t17-cp-$round 60 $G bench --device cuda:0 -v $S --filter "$c" --samples 10
  t def-cp-$round 60 $G bench --device cuda:0 -v --filter "$c" --samples 10
done
t t17-st 60 $G bench --device cuda:0 -v $S --filter fk20.bench.L64.b64.msm,fk20.bench.L64.b128.msm --samples 5
save
