#!/usr/bin/env bash
# comb MSM vs window-8 (8786f77) on the H100
set -u
O=$OUT/z; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm --format=csv > $O/gpu.txt
.gpu/gpucheck-comb run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/tests-comb.txt 2>&1; tail -2 $O/tests-comb.txt
.gpu/gpucheck-comb run --device cuda:0 --filter 'mutant_fk20*' > $O/mutants-comb.txt 2>&1; tail -1 $O/mutants-comb.txt
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm'
.gpu/gpucheck bench --device cuda:0 --filter "$F" --samples 5 --json $O/bench-w8.json > $O/bench-w8.txt 2>&1
echo "== w8"; grep -E "^\s+(PASS|FAIL|ERROR)|precomputation" $O/bench-w8.txt | head -40
for t in 13 12 14 10; do
  .gpu/gpucheck-comb bench --device cuda:0 --filter "$F" --samples 5 --param fk20.comb_teeth=$t --json $O/bench-comb$t.json > $O/bench-comb$t.txt 2>&1
  echo "== comb $t"; grep -E "^\s+(PASS|FAIL|ERROR)|precomputation" $O/bench-comb$t.txt | head -40
done
