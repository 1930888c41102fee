#!/usr/bin/env bash
# review = the pair kernels' shared item (kzg_pair_item) on top of 8bc0f8d: the G1 stage
# tests and the pair mutants on CUDA, one work-item and teams of two; the G1 FFTs' times
set -u
O=/tmp/r81; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-review
$G --version > $O/devices.txt 2>&1
for t in 1 2; do
timeout 60 $G run --device cuda:0 --filter 'fk20.L*.g1_*,mutant_fk20.wrong_g1_pair_product,mutant_fk20.wrong_team_lane' --param fk20.g1_team=$t --param mutant_fk20.g1_team=$t > $O/review-run-cuda-team$t.txt 2>&1; echo "team=$t rc=$? $(tail -1 $O/review-run-cuda-team$t.txt)"
grep -E '^\s+(FAIL|ERROR)' $O/review-run-cuda-team$t.txt | cut -c1-90
done
timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.pipeline' --samples 10 > $O/review-bench.txt 2>&1
grep -E '^\s+PASS|FAIL|ERROR' $O/review-bench.txt | cut -c1-100
tar czf $OUT/r81.tgz -C /tmp r81
