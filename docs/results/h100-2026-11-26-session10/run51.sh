#!/usr/bin/env bash
# A/B twice: a3e6054 against q2 = a3e6054 + the cells beside the fused G1 pairs up to 8,192 points (64 blobs at L = 64);
# tests of q2 on CUDA (fk20 and its mutants) and NVIDIA OpenCL (fk20)
set -u
O=/tmp/q2; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/q2.tgz -C /tmp q2; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-final --version; .gpu/gpucheck-q2 --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b64.pipeline'
for round in 1 2; do
  for b in final q2; do
    timeout 80 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-120
  done
  save
done
timeout 240 .gpu/gpucheck-q2 run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/q2-run-cuda.txt 2>&1; echo "q2 fk20 tests+mutants cuda rc=$? $(tail -1 $O/q2-run-cuda.txt) $(el)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-q2 devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-q2 run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/q2-run-nvcl.txt 2>&1; echo "q2 fk20 nvcl rc=$? $(tail -1 $O/q2-run-nvcl.txt) $(el)"
save
