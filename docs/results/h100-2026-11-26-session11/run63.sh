#!/usr/bin/env bash
# A/B twice: base (4a40b82), split2 (9f4d46e: the convolution's products in two 64-bit pieces) and parts4
# (four 32-bit pieces, [2^(32 p)] u for p = 1..3 by one MSM of 3n blobs beside u's); tests of parts4 on
# CUDA (fk20 + mutants, the convolution pipeline) and NVIDIA OpenCL (fk20); per-kernel times of one blob
set -u
O=/tmp/r63; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r63.tgz -C /tmp r63; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in base split2 parts4; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.pipeline"
for round in 1 2; do
  for b in base split2 parts4; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
timeout 240 .gpu/gpucheck-parts4 run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/parts4-fk20-run-cuda.txt 2>&1; echo "parts4 fk20 cuda rc=$? $(tail -1 $O/parts4-fk20-run-cuda.txt) $(el)"
grep -E "FAIL|ERROR|BROKEN" $O/parts4-fk20-run-cuda.txt | head
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-parts4 devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-parts4 run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/parts4-fk20-run-nvcl.txt 2>&1; echo "parts4 fk20 nvcl rc=$? $(tail -1 $O/parts4-fk20-run-nvcl.txt) $(el)"
save
timeout 120 .gpu/gpucheck-parts4 run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.pool.one_device' --param fk20.g1_conv_max_batch=16 > $O/parts4-conv-pipeline-cuda.txt 2>&1; echo "parts4 conv pipeline cuda rc=$? $(tail -1 $O/parts4-conv-pipeline-cuda.txt) $(el)"
save
timeout 100 ncu --clock-control none -k regex:'g1_conv|g1_sum|msm_comb$|fr_to_int' --metrics gpu__time_duration.sum,launch__grid_size --csv --page raw --log-file $O/ncu-b1-parts4.csv .gpu/gpucheck-parts4 bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-parts4.txt 2>&1; echo "ncu rc=$? $(el)"
save
