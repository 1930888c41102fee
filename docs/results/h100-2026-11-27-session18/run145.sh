#!/usr/bin/env bash
# Session 18: the cells' bytes stored as 32-bit words (s18l = f3eaa88 + cells_words.patch,
# the FFTs as before) against s18g (8629cbc's code): 64 and 128 blobs two rounds of 10,
# the cells stage at 1, 8, 64 and 128 blobs, one and 16 blobs once; the cells' stage
# tests at every cell size, end to end and pool through CUDA and NVIDIA OpenCL.
set -u
O=/tmp/r145; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r145.tgz -C /tmp r145; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for v in s18g s18l; do .gpu/gpucheck-$v --version; done
for r in 1 2; do for v in s18g s18l; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-big-r$r.txt 2>&1; echo "$v r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-big-r$r.txt | cut -c1-110
done; done
save
for v in s18g s18l; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.cells,fk20.bench.L64.b8.cells,fk20.bench.L64.b64.cells,fk20.bench.L64.b128.cells,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b16.pipeline' --samples 10 > $O/$v-small.txt 2>&1; echo "$v small rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-small.txt | cut -c1-110
done
save
T='fk20.L64.cells*,fk20.L32.cells*,fk20.L16.cells*,fk20.eip7594.*,fk20.pool*'
timeout 120 .gpu/gpucheck-s18l run --device cuda:0 --filter "$T" > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s18l devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-s18l run --device "$CL" --filter "$T" > $O/tests-ocl.txt 2>&1; echo "ocl ($CL) tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
