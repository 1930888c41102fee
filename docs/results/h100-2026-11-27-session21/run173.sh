#!/usr/bin/env bash
# Tests of the session's last code (s21e): the fk20 and bls12_381 mutants and the
# bls12_381 suite through CUDA; field, G1 and two FK20 stages through NVIDIA's OpenCL.
set -u
O=/tmp/r173; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r173.tgz -C /tmp r173; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s21e
t() { local tag=$1 lim=$2; shift 2
  timeout $lim $G run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
t mutants-cuda 300 --device cuda:0 --filter 'mutant_fk20.*,bls12_381.*,mutant_bls12_381.*,-bls12_381.bench.*'
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
t opencl 150 --device $CL --filter 'bls12_381.fp.ops,bls12_381.fp.laws,bls12_381.g1.ops,bls12_381.g1.mul,bls12_381.g1.fft,fk20.L64.msm.row1,fk20.L64.g1_conv.row1'
