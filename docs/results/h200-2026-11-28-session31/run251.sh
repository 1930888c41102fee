#!/usr/bin/env bash
# Session 31, the session's code (s31h = b599a5d: the batch-affine FK20 MSM by size, 32 to
# 255 blobs): 64 blobs against --param fk20.msm_affine=0 four rounds and 32 blobs two,
# alternating; 128 blobs, one blob and the commitments for the targets; then ckzg 2.1.8
# (16 blobs, precompute 8, one and all cores) as the anchor of the same call.
set -u
O=/tmp/r251; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r251.tgz -C /tmp r251; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
H=.gpu/gpucheck-s31h
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $H --version; nproc; } > $O/devices.txt 2>&1
t test 150 $H run --device cuda:0 --filter 'fk20.eip7594.*'
for round in 1 2 3 4; do
  t b64-new-$round 90 $H bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-comb-$round 60 $H bench --device cuda:0 --param fk20.msm_affine=0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
done
for round in 1 2; do
  t b32-new-$round 60 $H bench --device cuda:0 --filter fk20.bench.L64.b32.cells_proofs --samples 10
  t b32-comb-$round 60 $H bench --device cuda:0 --param fk20.msm_affine=0 --filter fk20.bench.L64.b32.cells_proofs --samples 10
  t b128-$round 60 $H bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b1-$round 60 $H bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
done
t commit 60 $H bench --device cuda:0 --filter fk20.bench.L64.b64.commitment --samples 10
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 100 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -6 $O/ckzg.txt
save
