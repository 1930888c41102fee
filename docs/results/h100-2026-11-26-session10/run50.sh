#!/usr/bin/env bash
# A/B twice: a3e6054 against q = a3e6054 + the cells beside the fused G1 pairs (8 < blobs, pairs) and the
# blobs' flags read at the end of a pass (no host wait after the polynomial); tests of q on CUDA and NVIDIA OpenCL
set -u
O=/tmp/q; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/q.tgz -C /tmp q; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-final --version; .gpu/gpucheck-q --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b64.pipeline,fk20.bench.L16.b512.pipeline'
for round in 1 2; do
  for b in final q; do
    timeout 80 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-120
  done
  save
done
timeout 150 .gpu/gpucheck-q run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/q-run-cuda.txt 2>&1; echo "q fk20 tests+mutants cuda rc=$? $(tail -1 $O/q-run-cuda.txt) $(el)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-q devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-q run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/q-run-nvcl.txt 2>&1; echo "q fk20 nvcl rc=$? $(tail -1 $O/q-run-nvcl.txt) $(el)"
save
