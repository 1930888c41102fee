#!/usr/bin/env bash
# Session 31 (again, with the slot swap selecting its queue): the pass split in halves (s31c = the fix of 2d3c814; default from 64 blobs on a GPU)
# through CUDA: the vectors and ckzg's cases split (5+4, 5+5, queues of their own), the
# pool and the straus stage; then 64 / 128 blobs split against not split
# (--param fk20.split_min_batch=0), alternating, three rounds; one blob once; the stage
# benches of 32 and 64 blobs (MSM, batches' convolution) for the why.
set -u
O=/tmp/r246; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r246.tgz -C /tmp r246; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
B=.gpu/gpucheck-s31c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $B --version; } > $O/devices.txt 2>&1
t test-split 200 $B run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.eip7594.ckzg_cases' --param fk20.g1_conv_max_batch=0 --param fk20.split_min_batch=2
grep -o 'split_passes=[0-9]*' $O/test-split.txt
t test 200 $B run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool.*,fk20.L64.g1_straus.*'
for round in 1 2 3; do
  t b64-split-$round 60 $B bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-plain-$round 60 $B bench --device cuda:0 --param fk20.split_min_batch=0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-split-$round 60 $B bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-plain-$round 60 $B bench --device cuda:0 --param fk20.split_min_batch=0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
t b128-split-aff 60 $B bench --device cuda:0 --param fk20.msm_affine=1 --filter fk20.bench.L64.b128.cells_proofs --samples 10
t b1 60 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
t stages 120 $B bench --device cuda:0 --filter 'fk20.bench.L64.b32.msm,fk20.bench.L64.b64.msm,fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus' --samples 10
save
