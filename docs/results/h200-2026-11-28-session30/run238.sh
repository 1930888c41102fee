#!/usr/bin/env bash
# Session 30: the inversion stopping at g = 0 with the shorter step (s30c = 4358e3f +
# cells_after_msm.patch) against ba61eb5 (s30base): tests through CUDA, the inversion
# benchmarks, the stages that invert and the passes, alternating, two rounds; one blob with
# its cells after the MSM (--param fk20.cells_after_msm=1); timelines of one blob (s30t =
# s30c + cuda_trace.patch) with the cells in either place.
set -u
O=/tmp/r238; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r238.tgz -C /tmp r238; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s30c; B=.gpu/gpucheck-s30base; T=.gpu/gpucheck-s30t
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $N --version; } > $O/devices.txt 2>&1
t test-bls 150 $N run --device cuda:0 --filter 'bls12_381.fp.*,bls12_381.fr.*,bls12_381.g1.*,mutant_bls12_381.inv_sign*'
t test-fk20 200 $N run --device cuda:0 --filter 'fk20.L64.compress.*,fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*,fk20.eip7594.*'
t test-cells 60 $N run --device cuda:0 --param fk20.cells_after_msm=1 --filter 'fk20.eip7594.*'
inv="bls12_381.bench.fp_inv,bls12_381.bench.fp_inv_ptx,bls12_381.bench.fp_inv_latency_ptx"
t inv-new 60 $N bench --device cuda:0 --filter "$inv" --samples 10
t inv-base 60 $B bench --device cuda:0 --filter "$inv" --samples 10
st="fk20.bench.L64.b1.compress,fk20.bench.L64.b64.compress,fk20.bench.L64.b64.g1_straus"
cp="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for round in 1 2; do
  t st-new-$round 60 $N bench --device cuda:0 --filter "$st" --samples 10
  t st-base-$round 60 $B bench --device cuda:0 --filter "$st" --samples 10
  t b1-new-$round 30 $N bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-late-$round 30 $N bench --device cuda:0 --param fk20.cells_after_msm=1 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-base-$round 30 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t cp-new-$round 60 $N bench --device cuda:0 --filter "$cp" --samples 10
  t cp-base-$round 60 $B bench --device cuda:0 --filter "$cp" --samples 10
done
export GC_CUDA_TRACE
GC_CUDA_TRACE=$O/trace-b1.txt t tr-b1 60 $T bench --device cuda:0 -v --filter fk20.bench.L64.b1.cells_proofs --samples 10 --warmup 2
GC_CUDA_TRACE=$O/trace-b1-late.txt t tr-b1-late 60 $T bench --device cuda:0 -v --param fk20.cells_after_msm=1 --filter fk20.bench.L64.b1.cells_proofs --samples 10 --warmup 2
unset GC_CUDA_TRACE
save
