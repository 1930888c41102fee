#!/usr/bin/env bash
# Session 23: a launch timeline (cuda_trace.patch on HEAD = s23t) of one blob's pipeline,
# 20 samples (the last passes are the steady state).
set -u
O=/tmp/r192; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r192.tgz -C /tmp r192; }
GC_CUDA_TRACE=$O/trace-b1.txt timeout 120 .gpu/gpucheck-s23t bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 20 --no-fork > $O/b1.txt 2>&1; echo "b1 rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b1.txt)"
wc -l $O/trace-b1.txt; tail -45 $O/trace-b1.txt
save
