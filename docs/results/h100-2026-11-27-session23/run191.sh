#!/usr/bin/env bash
# Session 23: every kernel of one blob's pipeline under Nsight Compute (serialised, each
# alone): durations, grid, registers, warps a scheduler, issue; s22m (HEAD's kernels).
set -u
O=/tmp/r191; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r191.tgz -C /tmp r191; }
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active
timeout 400 ncu --clock-control none -k regex:'^(?!msm_comb_powers|msm_comb_table_build)' --metrics "$M" --csv --log-file $O/ncu-b1.csv .gpu/gpucheck-s22m bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/run-b1.txt 2>&1; echo "b1 rc=$?"; tail -3 $O/run-b1.txt
save
