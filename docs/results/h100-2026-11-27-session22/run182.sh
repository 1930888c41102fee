#!/usr/bin/env bash
# Session 22, tests of the session's code (s22m = 5c53b8a) through CUDA: every fk20 test but
# the benchmarks, the bls12_381 suite and its mutants; through NVIDIA OpenCL the field, G1,
# MSM and convolution tests; the fk20 mutants as time allows.
set -u
O=/tmp/r182; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r182.tgz -C /tmp r182; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s22m
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
t() { local tag=$1 lim=$2; shift 2
  timeout $lim $G run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
t fk20-L64-cuda 150 --device cuda:0 --filter 'fk20.L64.*,-fk20.bench.*'
t fk20-rest-cuda 150 --device cuda:0 --filter 'fk20.L32.*,fk20.L16.*,fk20.eip7594.*,fk20.pool.*,-fk20.bench.*'
t bls-cuda 150 --device cuda:0 --filter 'bls12_381.*,mutant_bls12_381.*,-bls12_381.bench.*'
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
echo "opencl device: $CL"
t opencl 120 --device $CL --filter 'bls12_381.fp.ops,bls12_381.fp.laws,bls12_381.g1.ops,bls12_381.g1.mul,bls12_381.g1.fft,fk20.L64.msm.row1,fk20.L64.g1_conv.row1'
unset OCL_ICD_FILENAMES
left=$(( 570 - ($(date +%s) - T0) ))
[ $left -gt 40 ] && t mutants-fk20 $left --device cuda:0 --filter 'mutant_fk20.*'
