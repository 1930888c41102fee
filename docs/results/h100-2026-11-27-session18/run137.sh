#!/usr/bin/env bash
# Session 18: a launch timeline of the pipeline (cuda_trace.patch: events around every
# launch and copy on its stream, GC_CUDA_TRACE=file, written at device close; s18t =
# c3aa6fb + that patch) at 1, 8, 64 and 128 blobs and of one blob's proofs alone, to see
# where the GPU idles or waits between the queues.
set -u
O=/tmp/r137; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r137.tgz -C /tmp r137; }
.gpu/gpucheck-s18t --version
for b in 1 8 64 128; do
  GC_CUDA_TRACE=$O/trace-b$b.txt timeout 120 .gpu/gpucheck-s18t bench --device cuda:0 --filter fk20.bench.L64.b$b.pipeline --samples 5 > $O/bench-b$b.txt 2>&1; echo "b$b rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/bench-b$b.txt | cut -c1-110)"
done
GC_CUDA_TRACE=$O/trace-b1-proofs.txt timeout 60 .gpu/gpucheck-s18t bench --device cuda:0 --filter fk20.bench.L64.b1.proofs --samples 5 > $O/bench-b1-proofs.txt 2>&1; echo "proofs rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/bench-b1-proofs.txt | cut -c1-110)"
timeout 60 .gpu/gpucheck-s18t bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 20 > $O/bench-b1-notrace.txt 2>&1; echo "no trace $(grep -E '^\s+(PASS|FAIL)' $O/bench-b1-notrace.txt | cut -c1-110)"
ls -la $O; save
