#!/usr/bin/env bash
# Session 17: the convolution's default raised to passes of 16 blobs (s17j, the working
# tree) against 8 (s17i = 5f194a3 + the 16- and 32-blob benchmarks): 8, 16 and 32 blobs'
# pipeline, two rounds of 10; one blob; the convolution's tests and mutants, end to end and
# the pool on CUDA with s17j.
set -u
O=/tmp/r132; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r132.tgz -C /tmp r132; }
for v in s17i s17j; do .gpu/gpucheck-$v --version; done
for round in 1 2; do
  for v in s17i s17j; do
    echo "$v r$round"; timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b32.pipeline' --samples 10 2>&1 | tee $O/$v-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100
  done
done
save
timeout 250 .gpu/gpucheck-s17j run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.L64.msm*,fk20.eip7594.*,fk20.pool*,mutant_fk20.wrong_conv*,mutant_fk20.lost_conv*' > $O/tests-s17j.txt 2>&1; echo "tests s17j rc=$? $(tail -1 $O/tests-s17j.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/tests-s17j.txt | head
save
