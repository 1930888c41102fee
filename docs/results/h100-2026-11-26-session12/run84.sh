#!/usr/bin/env bash
# side2 = the tree of the commit that puts the commitment beside the FK20 MSM where the
# pairs run by teams: the pipelines (each checks its results against the known answers
# first) and the end-to-end tests on CUDA
set -u
O=/tmp/r84; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-side2
$G --version > $O/devices.txt 2>&1
timeout 40 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/side2-bench.txt 2>&1
grep -E '^\s+PASS|FAIL|ERROR' $O/side2-bench.txt | cut -c1-100
timeout 60 $G run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool.*' > $O/side2-e2e-cuda.txt 2>&1; echo "e2e rc=$? $(tail -1 $O/side2-e2e-cuda.txt)"
tar czf $OUT/r84.tgz -C /tmp r84
