#!/usr/bin/env bash
# Session 27, last call: HEAD (s27f; its kernels are fa650b2's: the batches' convolution at
# 168 registers) through CUDA and NVIDIA OpenCL: the curve suite (g1.gc's formulas now
# by reference too), the FK20 stages both convolutions touch, the EIP-7594 vectors and ckzg
# cases end to end, the convolution's mutants; cells + proofs at 64 / 128 blobs, two rounds.
set -u
O=/tmp/r223; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r223.tgz -C /tmp r223; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27f
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; } > $O/devices.txt 2>&1
t cuda-tests 240 $N run --device cuda:0 --filter 'bls12_381.*,fk20.L64.g1_conv.*,fk20.L64.g1_straus.*,fk20.eip7594.*,mutant_fk20.wrong_straus_*,-*bench*'
t cuda-straus-t2 60 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*' --param fk20.g1_straus_taps=2 --param mutant_fk20.g1_straus_taps=2
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-tests 150 $N run --device $CL --filter 'fk20.L64.g1_straus.*,fk20.L64.g1_conv.rows'
unset OCL_ICD_FILENAMES
for round in 1 2; do t bench-$round 60 $N bench --device cuda:0 --filter "fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs" --samples 10; echo "  $(med $O/bench-$round.txt)"; done
save
