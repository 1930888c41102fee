#!/usr/bin/env bash
# A/B twice: head (e123595) against tree = head + g1_sum_tree (one work-group per output, a tree in local
# memory) for passes of at most 512 outputs; tests of tree: fk20 and its mutants on CUDA, fk20 on NVIDIA OpenCL
set -u
O=/tmp/tr; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/tr.tgz -C /tmp tr; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-head --version; .gpu/gpucheck-tree --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline'
for round in 1 2; do
  for b in head tree; do
    timeout 80 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-100
  done
  save
done
timeout 200 .gpu/gpucheck-tree run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/tree-fk20-run-cuda.txt 2>&1; echo "tree fk20 cuda rc=$? $(tail -1 $O/tree-fk20-run-cuda.txt) $(el)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-tree devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 170 .gpu/gpucheck-tree run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/tree-fk20-run-nvcl.txt 2>&1; echo "tree fk20 nvcl rc=$? $(tail -1 $O/tree-fk20-run-nvcl.txt) $(el)"
save
