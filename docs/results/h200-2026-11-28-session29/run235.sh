#!/usr/bin/env bash
# Session 29: three taps with each row's 2- and 4-tap blocks placed two rounds of SMs apart
# (s29d = 5bbebc3, the default) against the plain order (--param fk20.g1_straus_pairing=0,
# same binary): tests through CUDA, then the convolution stage and cells + proofs at 64
# blobs, alternating, three rounds.
set -u
O=/tmp/r235; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r235.tgz -C /tmp r235; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s29d
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
t test 200 $G run --device cuda:0 --param fk20.g1_straus_taps=3 --param mutant_fk20.g1_straus_taps=3 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*,fk20.eip7594.*'
c="fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b64.cells_proofs"
for round in 1 2 3; do
  t on-$round 40 $G bench --device cuda:0 --filter "$c" --samples 10
  t off-$round 40 $G bench --device cuda:0 --param fk20.g1_straus_pairing=0 --filter "$c" --samples 10
done
save
