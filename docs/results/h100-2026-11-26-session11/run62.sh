#!/usr/bin/env bash
# A/B twice: base (4a40b82) against split2 (the G1 convolution's products split at bit 64 of their GLV
# halves, the 129 halves first in the launch, and [2^64] u made by a second MSM beside the first in
# the pipeline); tests of split2 on CUDA (fk20 + mutants) and NVIDIA OpenCL (fk20)
set -u
O=/tmp/r62; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r62.tgz -C /tmp r62; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in base split2; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.pipeline"
for round in 1 2; do
  for b in base split2; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
timeout 240 .gpu/gpucheck-split2 run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/split2-fk20-run-cuda.txt 2>&1; echo "split2 fk20 cuda rc=$? $(tail -1 $O/split2-fk20-run-cuda.txt) $(el)"
grep -E "FAIL|ERROR|BROKEN" $O/split2-fk20-run-cuda.txt | head
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-split2 devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-split2 run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/split2-fk20-run-nvcl.txt 2>&1; echo "split2 fk20 nvcl rc=$? $(tail -1 $O/split2-fk20-run-nvcl.txt) $(el)"
save
timeout 120 .gpu/gpucheck-split2 run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.pool.one_device' --param fk20.g1_conv_max_batch=16 > $O/split2-conv-pipeline-cuda.txt 2>&1; echo "split2 conv pipeline cuda rc=$? $(tail -1 $O/split2-conv-pipeline-cuda.txt) $(el)"
save
timeout 100 ncu --clock-control none -k regex:'g1_conv|g1_sum|msm_comb$|fr_to_int' --metrics gpu__time_duration.sum,launch__grid_size --csv --page raw --log-file $O/ncu-b1-split2.csv .gpu/gpucheck-split2 bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-split2.txt 2>&1; echo "ncu rc=$? $(el)"
save
