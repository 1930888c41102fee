#!/usr/bin/env bash
# Session 28's first device call (written in session 28, which had no device time): the
# batch-affine comb (--param fk20.msm_affine=1, adc4967/4e0025e) against the default
# msm_comb in one binary and one call: the MSM stage and the commitment at 64 / 128 blobs,
# cells + proofs at 1 / 64 / 128 blobs (alternating, two rounds), and its tests through CUDA.
set -u
O=/tmp/r226; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r226.tgz -C /tmp r226; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=${G:-.gpu/gpucheck-s28a}
A="--param fk20.msm_affine=1"
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
s="fk20.bench.L64.b64.msm,fk20.bench.L64.b128.msm,fk20.bench.L64.b64.commitment"
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
t aff-test 200 $G run --device cuda:0 $A --param mutant_fk20.msm_affine=1 --filter 'fk20.L64.msm.*,fk20.L64.commitment.*,fk20.eip7594.*,mutant_fk20.dropped_msm_term'
t aff-st 120 $G bench --device cuda:0 $A --filter "$s" --samples 5
t def-st 60 $G bench --device cuda:0 --filter "$s" --samples 5
for round in 1 2; do
  t aff-cp-$round 40 $G bench --device cuda:0 $A --filter "$c" --samples 10
  t def-cp-$round 40 $G bench --device cuda:0 --filter "$c" --samples 10
done
t aff-b1 30 $G bench --device cuda:0 $A --filter fk20.bench.L64.b1.cells_proofs --samples 20
t def-b1 30 $G bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
save
