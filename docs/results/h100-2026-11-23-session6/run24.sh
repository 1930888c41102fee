#!/usr/bin/env bash
# __launch_bounds__(64, 8) on the curve kernels (gpucheck-b) against the same tree without (gpucheck-n): tests, A/B
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-b
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 90 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b1.g1_conv,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.pipeline'
for v in n b n b; do
  timeout 130 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 7 > $O/bench-$v.txt 2>&1; echo "== $v rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
done
save
