#!/bin/bash
# Fp products in 28-bit limbs against the carry chains: throughput and one warp per partition.
G=.gpu/gpucheck-s21a
export GC_CACHE_DIR=/tmp/gpucheck-cache
mkdir -p $OUT/r162
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv > $OUT/r162/smi.txt
$G bench --filter 'bls12_381.bench.fp_mul_ptx,bls12_381.bench.fp28_mul,bls12_381.bench.fp_mul_latency_ptx,bls12_381.bench.fp28_mul_latency' --json $OUT/r162/cuda.json 2>&1 | tee $OUT/r162/cuda.txt
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G bench --device $CL --filter 'bls12_381.bench.fp_mul,bls12_381.bench.fp28_mul,bls12_381.bench.fp28_mul_latency' 2>&1 | tee $OUT/r162/opencl.txt
