#!/usr/bin/env bash
# the cells on queue 1 too (cells bytes read on queue 1 while queue 0 runs the MSM): queues=2 against 1, same binary; tests
set -u
G=.gpu/gpucheck-c; O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
for q in 2 1 2; do
  timeout 120 $G bench --device cuda:0 --filter "$F" --samples 10 --param fk20.queues=$q > $O/bench-queues$q.txt 2>&1; echo "== queues=$q rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-queues$q.txt
done
save
timeout 150 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
timeout 100 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
save
