#!/usr/bin/env bash
# Session 26: the batches' convolution's products launched first and compacted (s26c =
# f38cc4f) against the row split twice alone (s26a = 66feb49) and the session's start
# kernels (s25c = 4590da9): tests through CUDA; the stage alone; cells + proofs at
# 32 / 64 / 128 blobs, interleaved, two rounds.
set -u
O=/tmp/r214; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r214.tgz -C /tmp r214; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s26c A=.gpu/gpucheck-s26a B=.gpu/gpucheck-s25c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $A --version; $B --version; } > $O/devices.txt 2>&1
t cuda-straus 120 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*'
t cuda-e2e 90 $N run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.eip7594.ckzg_cases' --param fk20.g1_conv_max_batch=0
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
t st-new 40 $N bench --device cuda:0 --filter "$s" --samples 10
t st-new-l1 40 $N bench --device cuda:0 --filter "$s" --samples 10 --param fk20.g1_straus_levels=1
t st-s26a 90 $A bench --device cuda:0 --filter "$s" --samples 10
f="fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
t warm-old 90 $B bench --device cuda:0 --filter "fk20.bench.L64.b32.cells_proofs" --samples 3
for round in 1 2; do t new-$round 60 $N bench --device cuda:0 --filter "$f" --samples 10; t old-$round 60 $B bench --device cuda:0 --filter "$f" --samples 10; done
for x in $O/st-*.txt $O/new-*.txt $O/old-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
