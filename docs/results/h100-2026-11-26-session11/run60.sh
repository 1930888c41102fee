#!/usr/bin/env bash
# A/B twice: base (4a40b82) against split (the G1 convolution's products split at bit 64 of
# their GLV halves: two work-items of 64 doublings on u and [2^64] u); tests of split on CUDA
# (fk20 + mutants) and NVIDIA OpenCL (fk20)
set -u
O=/tmp/r60; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r60.tgz -C /tmp r60; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in base split; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.proofs,fk20.bench.L64.b64.pipeline"
for round in 1 2; do
  for b in base split; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
timeout 240 .gpu/gpucheck-split run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/split-fk20-run-cuda.txt 2>&1; echo "split fk20 cuda rc=$? $(tail -1 $O/split-fk20-run-cuda.txt) $(el)"
grep -E "FAIL|ERROR|BROKEN" $O/split-fk20-run-cuda.txt | head
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-split devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-split run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/split-fk20-run-nvcl.txt 2>&1; echo "split fk20 nvcl rc=$? $(tail -1 $O/split-fk20-run-nvcl.txt) $(el)"
save
