#!/usr/bin/env bash
# Where a warp of the latency-bound G1 kernels stalls (base = 4a40b82): Nsight Compute's stall
# reasons per issued instruction, pipe utilisation and instruction-cache counters for one launch of
# g1_fft_pair_products (64 blobs) and of g1_conv_taps (one blob)
set -u
O=/tmp/r59; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r59.tgz -C /tmp r59; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,regex:sm__pipe_.*_cycles_active\.avg\.pct_of_peak_sustained_active,smsp__inst_executed.sum,sm__cycles_elapsed.max,smsp__warps_active.avg.per_cycle_active'
for b in base mul2; do
timeout 150 ncu --clock-control none -k regex:g1_fft_pair_products --launch-skip 2 --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-pairs-b64-$b.csv .gpu/gpucheck-$b bench --device cuda:0 --filter fk20.bench.L64.b64.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-pairs-run-$b.txt 2>&1; echo "ncu pairs $b rc=$? $(el)"
save
done
timeout 150 ncu --clock-control none -k regex:g1_conv_taps --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-conv-b1.csv .gpu/gpucheck-base bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-conv-run.txt 2>&1; echo "ncu conv rc=$? $(el)"
save
