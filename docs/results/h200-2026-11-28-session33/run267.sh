#!/usr/bin/env bash
# Session 33: the final code (s33f = a4c6b33; later commits docs and comments) through NVIDIA's
# OpenCL on the H200: the poly and circulant stages (kzg_blob_fft_in and the fused
# integers' kernel compiled there), the consensus vectors, ckzg's cases, the flags across
# calls (passes of three blobs: the mapped staging where OpenCL maps host memory), and the
# one-blob benchmark (checked against the known answers first).
set -u
O=/tmp/r267; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r267.tgz -C /tmp r267; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
F=.gpu/gpucheck-s33f
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
$F devices > $O/devices.txt 2>&1
CL=$($F devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
echo "device $CL $(el)"
timeout 200 $F run --device $CL --filter 'fk20.L64.poly.row1,fk20.L64.poly.rows,fk20.L64.circulant_fft.row1,fk20.eip7594.*' > $O/opencl-tests.txt 2>&1
echo "tests rc=$? $(el)"; grep -E "PASS|FAIL|SKIP|BROKEN|ERROR|passed" $O/opencl-tests.txt | head -12; save
timeout 80 $F bench --device $CL --filter 'fk20.bench.L64.b1.cells_proofs' --samples 5 > $O/opencl-b1.txt 2>&1
echo "b1 rc=$? $(el)"; grep -E "PASS|FAIL|passed" -A1 $O/opencl-b1.txt | head -6; save
