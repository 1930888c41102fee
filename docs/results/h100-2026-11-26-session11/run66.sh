#!/usr/bin/env bash
# A/B: final (a37be75) against blk (the polynomial's inverse FFT in two launches of six stages,
# 64 work-groups a row, fr_fft_row_blocks); tests of blk on CUDA (fk20 + mutants) and NVIDIA OpenCL
set -u
O=/tmp/r66; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r66.tgz -C /tmp r66; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in final blk; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
for round in 1 2 3; do
  for b in final blk; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 --json $O/b1-$b-$round.json > $O/b1-$b-$round.txt 2>&1
    echo "$b $round: $(grep -E '^\s+PASS' $O/b1-$b-$round.txt | cut -c1-110)"
  done
done
F="fk20.bench.L64.b1.poly,fk20.bench.L64.b64.poly,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do
  for b in final blk; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
timeout 240 .gpu/gpucheck-blk run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/blk-fk20-run-cuda.txt 2>&1; echo "blk fk20 cuda rc=$? $(tail -1 $O/blk-fk20-run-cuda.txt) $(el)"
grep -E "FAIL|ERROR|BROKEN" $O/blk-fk20-run-cuda.txt | grep -v "as designed" | head
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-blk devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 .gpu/gpucheck-blk run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/blk-fk20-run-nvcl.txt 2>&1; echo "blk fk20 nvcl rc=$? $(tail -1 $O/blk-fk20-run-nvcl.txt) $(el)"
save
