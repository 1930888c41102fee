#!/usr/bin/env bash
# fused G1 stage pairs (8a1add1) on the H100: tests, and the G1 FFTs with and without pairs
set -u
O=$OUT/p; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
.gpu/gpucheck-pairs run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/tests.txt 2>&1; tail -1 $O/tests.txt
.gpu/gpucheck-pairs run --device cuda:0 --filter 'mutant_fk20*' >> $O/tests.txt 2>&1; tail -1 $O/tests.txt
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.g1_ffts,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.g1_ffts,fk20.bench.L16.b64.g1_ffts,fk20.bench.L16.b512.proofs'
for m in 16384 0 65536; do
  .gpu/gpucheck-pairs bench --device cuda:0 --filter "$F" --samples 5 --param fk20.g1_pair_max_points=$m > $O/bench-pairs$m.txt 2>&1
  echo "== pairs up to $m points"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-pairs$m.txt
done
