#!/usr/bin/env bash
# Session 33, the last call: s33g = 0da2233 (the team product's beta X round through a
# private array, so that NVIDIA's OpenCL builds the FK20 module). Through CUDA: the
# convolution stage (team products), the G1 FFTs of two rows (pairs by teams), the
# vectors, ckzg's cases, the flags, one blob three times. Through NVIDIA's OpenCL: the poly
# and circulant stages, the vectors, ckzg's cases, the flags, the one-blob benchmark.
set -u
O=/tmp/r268; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r268.tgz -C /tmp r268; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
F=.gpu/gpucheck-s33g
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $F --version; } > $O/devices.txt 2>&1
timeout 80 $F run --device cuda:0 --filter 'fk20.L64.g1_conv.row1,fk20.L64.g1_fft.rows,fk20.eip7594.*' > $O/cuda-tests.txt 2>&1
echo "cuda tests rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR|BROKEN)|passed" $O/cuda-tests.txt | awk '{print $1, $2}' | tr '\n' ' '; echo; save
for r in 1 2 3; do
  timeout 30 $F bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20 > $O/cuda-b1-$r.txt 2>&1
  echo "b1-$r rc=$? $(grep -E 'PASS|FAIL' $O/cuda-b1-$r.txt | head -1) $(el)"; save
done
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($F devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
timeout 120 $F run --device $CL --filter 'fk20.L64.poly.row1,fk20.L64.circulant_fft.row1,fk20.eip7594.*' > $O/opencl-tests.txt 2>&1
echo "opencl $CL tests rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR|BROKEN)|passed" $O/opencl-tests.txt | awk '{print $1, $2}' | tr '\n' ' '; echo; save
timeout 40 $F bench --device $CL --filter fk20.bench.L64.b1.cells_proofs --samples 5 > $O/opencl-b1.txt 2>&1
echo "opencl b1 rc=$? $(grep -E 'PASS|FAIL' $O/opencl-b1.txt | head -1) $(el)"; save
