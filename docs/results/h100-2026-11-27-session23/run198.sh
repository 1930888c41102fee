#!/usr/bin/env bash
# Session 23: the new portable benchmarks (bench.fp_inv, bench.g1_xyzz_madd,
# bench.g1_affine_batch) through NVIDIA's OpenCL, validated against the host build (s23f =
# fcfb847), and the bls12_381 benchmark list through CUDA.
set -u
O=/tmp/r198; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r198.tgz -C /tmp r198; }
G=.gpu/gpucheck-s23f
$G --version > $O/devices.txt
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
echo "opencl device: $CL"
timeout 200 $G bench --device $CL --filter 'bls12_381.bench.fp_mul,bls12_381.bench.fp_inv,bls12_381.bench.g1_xyzz_madd,bls12_381.bench.g1_affine_batch' --samples 5 > $O/nvcl.txt 2>&1
echo "nvcl rc=$?"; grep -E '^\s+(PASS|FAIL|SKIP)|gpucheck bench on' $O/nvcl.txt
save
