#!/usr/bin/env bash
# A/B twice: base (4a40b82, the tenth session's HEAD) against mul2 (the projective G1 formulas'
# products in independent pairs, one call per pair); then Nsight Compute's full sections for one
# launch of the latency-bound kernels (g1_fft_pair_products at 64 blobs, g1_conv_taps at one blob)
# and the throughput-bound msm_comb, base binary: where a warp's time goes
set -u
O=/tmp/r57; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r57.tgz -C /tmp r57; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-base --version; .gpu/gpucheck-mul2 --version; command -v ncu; ncu --version | tail -1; } > $O/devices.txt 2>&1; cat $O/devices.txt
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs'
for round in 1 2; do
  for b in base mul2; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
S="--section SpeedOfLight --section ComputeWorkloadAnalysis --section InstructionStats --section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats"
timeout 120 ncu --clock-control none -k regex:g1_fft_pair_products --launch-skip 2 --launch-count 1 $S --csv --page details --log-file $O/ncu-pairs-b64.csv .gpu/gpucheck-base bench --device cuda:0 --filter fk20.bench.L64.b64.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-pairs-run.txt 2>&1; echo "ncu pairs rc=$? $(el)"
save
timeout 100 ncu --clock-control none -k regex:g1_conv_taps --launch-count 1 $S --csv --page details --log-file $O/ncu-conv-b1.csv .gpu/gpucheck-base bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-conv-run.txt 2>&1; echo "ncu conv rc=$? $(el)"
save
timeout 100 ncu --clock-control none -k regex:msm_comb$ --launch-count 1 $S --csv --page details --log-file $O/ncu-msm-b64.csv .gpu/gpucheck-base bench --device cuda:0 --filter fk20.bench.L64.b64.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-msm-run.txt 2>&1; echo "ncu msm rc=$? $(el)"
save
