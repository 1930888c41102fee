#!/usr/bin/env bash
# working tree (pass order, threaded host copies, wider Fr FFT groups, windowed pow) vs 63a034d: tests, A/B benches, ncu of the G1 FFT kernels
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-n
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; .gpu/gpucheck-h --version; } > $O/devices.txt 2>&1
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 90 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
timeout 100 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests rc=$? $(tail -1 $O/bls-run-cuda.txt)"
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.poly,fk20.bench.L64.b1.cells,fk20.bench.L64.b1.compress,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.cells,fk20.bench.L64.b64.compress,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.pipeline,fk20.bench.L16.b512.compress'
for v in h n h n; do
  timeout 110 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 10 > $O/bench-$v.txt 2>&1; echo "== $v rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
done
save
S="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis --section Occupancy --section LaunchStats"
timeout 120 ncu --clock-control none --target-processes all $S -k regex:g1_fft_stage --launch-skip 12 --launch-count 1 $G bench --device cuda:0 --filter fk20.bench.L16.b512.g1_ffts --samples 1 --warmup 0 --timeout 110 > $O/ncu-stage.txt 2>&1; echo "ncu stage rc=$?"
save
timeout 120 ncu --clock-control none --target-processes all $S -k regex:g1_fft_pair_products --launch-skip 6 --launch-count 1 $G bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --timeout 110 > $O/ncu-pair.txt 2>&1; echo "ncu pair rc=$?"
save
