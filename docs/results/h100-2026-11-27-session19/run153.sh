#!/usr/bin/env bash
# Session 19, the review's launch change (s19g = e7f657e: the parts' combination by teams of
# four at 256 outputs too, two-blob passes): the MSM stage tests, the convolution, end to
# end and pool (passes of two blobs) through CUDA; one blob's pipeline once.
set -u
O=/tmp/r153; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r153.tgz -C /tmp r153; }
.gpu/gpucheck-s19g --version > $O/devices.txt
timeout 100 .gpu/gpucheck-s19g run --device cuda:0 --filter 'fk20.L64.msm.*,fk20.L64.g1_conv.row1,fk20.eip7594.consensus_vectors,fk20.pool*,mutant_fk20.wrong_msm_part_weight' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt)"
timeout 40 .gpu/gpucheck-s19g bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 20 > $O/s19g-b1.txt 2>&1; echo "b1 rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/s19g-b1.txt | cut -c1-110)"
save
