#!/usr/bin/env bash
# final binary 978b299: 4 GB mode and every stage
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-f
O=/tmp/y; mkdir -p $O
save() { tar czf $OUT/y.tgz -C /tmp y; }
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
timeout 120 $G bench --device cuda:0 --filter "$F" --samples 7 --param fk20.comb_teeth=10 --json $O/fk20-bench-teeth10.json > $O/fk20-bench-teeth10.txt 2>&1; echo "== 10 teeth (4 GB mode)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-teeth10.txt
save
F2='fk20.bench.L64.b1.*,fk20.bench.L64.b64.*,fk20.bench.L64.b128.*,-fk20.bench.L64.b64.g1_conv,-fk20.bench.L64.b128.g1_conv,-fk20.bench.L64.b1.g1_ffts'
timeout 150 $G bench --device cuda:0 --filter "$F2" --samples 5 --json $O/fk20-bench-stages.json > $O/fk20-bench-stages.txt 2>&1; echo "== stages"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-stages.txt
save
