#!/usr/bin/env bash
# Session 31: the batch-affine FK20 MSM by size (s31f = c4feb8b):
# through CUDA the vectors, ckzg's cases and the MSM stage with it forced; 128 blobs by size
# (affine) against --param fk20.msm_affine=0, alternating, three rounds; 64 blobs against a
# scratch binary taking it at 8 terms a work-item too (s31g8: msm_is_affine's rule with
# chunk >= 8, not committed); one blob and 64 blobs for this session's figures.
set -u
O=/tmp/r250; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r250.tgz -C /tmp r250; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
F=.gpu/gpucheck-s31f; G=.gpu/gpucheck-s31g8
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; } > $O/devices.txt 2>&1
t test 200 $F run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.msm.*,mutant_fk20.dropped_msm_term' --param fk20.msm_affine=1 --param mutant_fk20.msm_affine=1
for round in 1 2 3; do
  t b128-new-$round 90 $F bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-comb-$round 60 $F bench --device cuda:0 --param fk20.msm_affine=0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b64-new-$round 60 $F bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-aff8-$round 90 $G bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b1-$round 60 $F bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
done
t stage-msm 90 $F bench --device cuda:0 --filter 'fk20.bench.L64.b128.msm,fk20.bench.L64.b64.msm' --samples 10
t stage-msm-comb 90 $F bench --device cuda:0 --param fk20.msm_affine=0 --filter 'fk20.bench.L64.b128.msm' --samples 10
save
