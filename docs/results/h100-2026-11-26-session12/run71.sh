#!/usr/bin/env bash
# Nsight Compute on one fused-pair product launch at 64 and at 128 blobs: the team kernel
# (g1_fft_pair_products_team) against one work-item each (fk20.g1_team=0)
set -u
O=/tmp/r71; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r71.tgz -C /tmp r71; }
B=.gpu/gpucheck-team
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,regex:sm__pipe_.*_cycles_active\.avg\.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed.max,sm__cycles_elapsed.max,smsp__warps_active.avg.per_cycle_active,launch__registers_per_thread,launch__occupancy_limit_registers,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
for b in 64 128; do
for t in 0 1; do
timeout 120 ncu --clock-control none -k regex:g1_fft_pair_products --launch-skip 2 --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-b$b-team$t.csv $B bench --device cuda:0 --filter fk20.bench.L64.b$b.g1_ffts --param fk20.g1_team=$t --samples 1 --warmup 0 --no-fork > $O/ncu-run-b$b-team$t.txt 2>&1; echo "ncu b$b team$t rc=$?"
done
save
done
