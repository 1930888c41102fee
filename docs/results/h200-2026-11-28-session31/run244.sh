#!/usr/bin/env bash
# Session 31: 406adbd (s31a: kzg_conv_fold_load, conv_hi_ints) through CUDA: the fold, Straus
# and convolution stages, by teams and plain, and the vectors; then the benches against a32078c
# (s30i) alternating; then the batch-affine comb measured again now that an inversion costs 42
# products (--param fk20.msm_affine=1) at 64 and 128 blobs against the default.
set -u
O=/tmp/r244; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r244.tgz -C /tmp r244; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
A=.gpu/gpucheck-s31a; I=.gpu/gpucheck-s30i
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $A --version; } > $O/devices.txt 2>&1
t test 200 $A run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.g1_conv.row1,fk20.L64.g1_straus.*,mutant_fk20.wrong_conv_team_lane,mutant_fk20.wrong_straus_segment'
t test-teams 150 $A run --device cuda:0 --param fk20.sum_team=4 --filter 'fk20.eip7594.consensus_vectors,fk20.L64.g1_straus.*'
for round in 1 2; do
  t b1-new-$round 60 $A bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-old-$round 60 $I bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b64-new-$round 60 $A bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-old-$round 60 $I bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-aff-$round 60 $A bench --device cuda:0 --param fk20.msm_affine=1 --filter fk20.bench.L64.b64.cells_proofs --samples 10
done
t b128-new 60 $A bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
t b128-aff 60 $A bench --device cuda:0 --param fk20.msm_affine=1 --filter fk20.bench.L64.b128.cells_proofs --samples 10
save
