#!/usr/bin/env bash
# Session 29: g1_sum_tree with several outputs a work-group for many outputs of a few
# chunks (s29b; --param fk20.sum_tree_groups=0 is the fan-in path of before, same binary):
# its tests through CUDA (the MSM stages, the batches' convolution, the pipeline, both
# sum-tree mutants), then cells + proofs at 16 / 32 / 64 / 128 blobs and the MSM and
# convolution stages at 64 / 128, alternating, two rounds; a timeline of 64 blobs (s29bt).
set -u
O=/tmp/r230; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r230.tgz -C /tmp r230; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s29b; T=.gpu/gpucheck-s29bt
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
t test 240 $G run --device cuda:0 --filter 'fk20.L64.msm.*,fk20.L16.msm.*,fk20.L64.g1_straus.*,fk20.L64.commitment.*,fk20.eip7594.*,mutant_fk20.wrong_sum_group_output,mutant_fk20.wrong_sum_tree_stride,mutant_fk20.dropped_msm_term'
c="fk20.bench.L64.b16.cells_proofs,fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
s="fk20.bench.L64.b64.msm,fk20.bench.L64.b128.msm,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for round in 1 2; do
  t new-cp-$round 60 $G bench --device cuda:0 --filter "$c" --samples 10
  t old-cp-$round 60 $G bench --device cuda:0 --param fk20.sum_tree_groups=0 --filter "$c" --samples 10
done
t new-st 60 $G bench --device cuda:0 --filter "$s" --samples 5
t old-st 60 $G bench --device cuda:0 --param fk20.sum_tree_groups=0 --filter "$s" --samples 5
GC_CUDA_TRACE=$O/trace-b64.txt t tr-b64 60 $T bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 4 --warmup 1
save
