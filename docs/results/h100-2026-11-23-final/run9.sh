#!/usr/bin/env bash
# final tests and benchmarks on the H100 (tests on CUDA and NVIDIA OpenCL, mutants, every fk20 benchmark)
set -u
G=.gpu/gpucheck; O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; $G devices; OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices; } > $O/devices.txt 2>&1
$G run --device cuda:0 --filter 'fk20*,-fk20.bench*' --json $O/fk20-run-cuda.json > $O/fk20-run-cuda.txt 2>&1; echo "cuda: $(tail -1 $O/fk20-run-cuda.txt)"
$G run --device cuda:0 --filter 'mutant_fk20*' --json $O/fk20-mutants-cuda.json > $O/fk20-mutants-cuda.txt 2>&1; echo "mutants: $(tail -1 $O/fk20-mutants-cuda.txt)"
save
F='fk20.bench*,-fk20.bench.*.multi.*'
$G bench --device cuda:0 --filter "$F" --samples 10 --json $O/fk20-bench-all-cuda.json > $O/fk20-bench-all-cuda.txt 2>&1; grep -E "^\s+(PASS|FAIL|ERROR|VALIDATION)" $O/fk20-bench-all-cuda.txt
save
$G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs' --samples 10 --param fk20.g1_conv_max_batch=0 --json $O/fk20-bench-b1-noconv.json > $O/fk20-bench-b1-noconv.txt 2>&1; echo "== no conv"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-b1-noconv.txt
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 200 $G run --device "$id" --filter 'fk20*,-fk20.bench*' --json $O/fk20-run-nvcl.json > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl: $(tail -1 $O/fk20-run-nvcl.txt)"
save
