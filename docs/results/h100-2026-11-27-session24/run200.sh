#!/usr/bin/env bash
# Session 24: a launch timeline (cuda_trace.patch on 5940550 = s24t) of one blob's cells
# and proofs without commitments, 20 samples (the last passes are the steady state).
set -u
O=/tmp/r200; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r200.tgz -C /tmp r200; }
GC_CUDA_TRACE=$O/trace-b1.txt timeout 120 .gpu/gpucheck-s24t bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20 --no-fork > $O/b1.txt 2>&1; echo "b1 rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b1.txt)"
wc -l $O/trace-b1.txt; tail -32 $O/trace-b1.txt
save
