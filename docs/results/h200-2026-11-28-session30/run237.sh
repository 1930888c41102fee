#!/usr/bin/env bash
# Session 30: the field inversion by Bernstein-Yang divsteps, 30 a round in signed 30-bit
# limbs (s30a), against Pornin's binary GCD (s30base = ba61eb5): tests through CUDA
# (fields, G1, the FK20 stages that invert, the vectors, the mutants), then the inversion
# benchmarks and the FK20 stages and passes that invert, alternating, two rounds.
set -u
O=/tmp/r237; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r237.tgz -C /tmp r237; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s30a; B=.gpu/gpucheck-s30base
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $N --version; } > $O/devices.txt 2>&1
t test-bls 150 $N run --device cuda:0 --filter 'bls12_381.fp.*,bls12_381.fr.*,bls12_381.g1.*,mutant_bls12_381.inv_sign*'
t test-fk20 200 $N run --device cuda:0 --filter 'fk20.L64.compress.*,fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*,fk20.eip7594.*'
inv="bls12_381.bench.fp_inv,bls12_381.bench.fp_inv_ptx,bls12_381.bench.fp_inv_latency_ptx"
t inv-new 60 $N bench --device cuda:0 --filter "$inv" --samples 10
t inv-base 60 $B bench --device cuda:0 --filter "$inv" --samples 10
st="fk20.bench.L64.b1.compress,fk20.bench.L64.b64.compress,fk20.bench.L64.b64.g1_straus"
cp="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for round in 1 2; do
  t st-new-$round 60 $N bench --device cuda:0 --filter "$st" --samples 10
  t st-base-$round 60 $B bench --device cuda:0 --filter "$st" --samples 10
  t b1-new-$round 30 $N bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-base-$round 30 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t cp-new-$round 60 $N bench --device cuda:0 --filter "$cp" --samples 10
  t cp-base-$round 60 $B bench --device cuda:0 --filter "$cp" --samples 10
done
save
