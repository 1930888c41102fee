#!/usr/bin/env bash
# Session 29: one blob's MSM step with the comb's columns in 2 (default), 3 or 4 deferred
# parts now that both tables have 17 teeth (15 columns: 8 + 7, 5 + 5 + 5, 4 + 4 + 4 + 3),
# s29b = c6c1abe, alternating, three rounds.
set -u
O=/tmp/r232; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r232.tgz -C /tmp r232; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s29b
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
t warm 60 $G bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3
for round in 1 2 3; do
  for p in 2 3 4; do
    t p$p-$round 30 $G bench --device cuda:0 --param fk20.msm_parts=$p --filter fk20.bench.L64.b1.cells_proofs --samples 20
  done
done
save
