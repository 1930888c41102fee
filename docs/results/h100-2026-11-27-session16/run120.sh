#!/usr/bin/env bash
# B = A + the new mutant wrong_conv_rest (KZG_MUTANT=11; the normal kernels are A's): the
# convolution's stage tests and its five mutants on CUDA.
set -u
O=/tmp/r120; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
timeout 200 .gpu/gpucheck-s16b run --device cuda:0 --filter 'fk20.L64.g1_conv*,mutant_fk20.wrong_conv_*,mutant_fk20.lost_conv_wrap_sign' > $O/s16b-tests.txt 2>&1; echo "tests rc=$? $(tail -1 $O/s16b-tests.txt)"
grep -E '^\s+(PASS|FAIL|ERROR|BROKEN)' $O/s16b-tests.txt | cut -c1-90
tar czf $OUT/r120.tgz -C /tmp r120
