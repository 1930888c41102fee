#!/usr/bin/env bash
# Final of the sixteenth session, second call: 1cb0ee7's whole fk20 suite and every fk20
# mutant on CUDA; the convolution's, MSM's, cells' and commitment's tests, three mutants
# and end to end on NVIDIA OpenCL.
set -u
O=/tmp/fin16b; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin16b.tgz -C /tmp fin16b; }
G=.gpu/gpucheck-s16a
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
timeout 400 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fk20-run-cuda.txt | head
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$CL" --filter 'fk20.L64.msm*,fk20.L64.g1_conv*,fk20.L64.cells*,fk20.L64.commitment*,mutant_fk20.wrong_conv_tap,mutant_fk20.lost_conv_wrap_sign,mutant_fk20.wrong_conv_piece,fk20.eip7594.*' > $O/opencl.txt 2>&1; echo "opencl ($CL) rc=$? $(tail -1 $O/opencl.txt) $(el)"
grep -E '^\s+(PASS|FAIL|ERROR|BROKEN)' $O/opencl.txt | cut -c1-90
save
