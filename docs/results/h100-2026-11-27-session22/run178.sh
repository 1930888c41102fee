#!/usr/bin/env bash
# Nsight Compute: the G1 pairs' team kernel at 64 blobs and the convolution's at one blob,
# s21f (start) against s22a (ladder) and s22b (ladder + halved exchange): issue, pipes,
# stall reasons, instructions, registers.
set -u
O=/tmp/r178; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r178.tgz -C /tmp r178; }
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_shfl.sum,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_branch_resolving_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_misc_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio,smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_tex_throttle_per_issue_active.ratio
for v in s21f s22a s22b; do
  timeout 120 ncu --clock-control none -k regex:'^g1_fft_pair_products_team$' --launch-count 2 --metrics "$M" --csv --log-file $O/ncu-pairs-$v.csv .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --no-fork > $O/run-pairs-$v.txt 2>&1; echo "pairs $v rc=$?"
  timeout 100 ncu --clock-control none -k regex:'^g1_conv_taps_team$' --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-conv-$v.csv .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b1.g1_conv --samples 1 --warmup 0 --no-fork > $O/run-conv-$v.txt 2>&1; echo "conv $v rc=$?"
  save
done
