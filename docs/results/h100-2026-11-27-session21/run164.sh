#!/usr/bin/env bash
# Nsight Compute: the FK20 MSM's comb at 64 and 128 blobs (the stage alone), and the Fp
# product chains one warp per SM partition (bench.fp_mul_latency_ptx): stalls and pipes.
set -u
O=/tmp/r164; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r164.tgz -C /tmp r164; }
G=.gpu/gpucheck-s21a
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_branch_resolving_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,smsp__average_warps_issue_stalled_misc_per_issue_active.ratio,smsp__average_warps_issue_stalled_tex_throttle_per_issue_active.ratio
for b in 64 128; do
  timeout 150 ncu --clock-control none -k regex:'^msm_comb$' --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-msm-b$b.csv $G bench --device cuda:0 --filter fk20.bench.L64.b$b.msm --samples 1 --warmup 0 --no-fork > $O/ncu-run-msm-b$b.txt 2>&1; echo "ncu msm b$b rc=$?"
  save
done
timeout 100 ncu --clock-control none -k regex:'^fp_mul_chain$' --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-fpmul-lat.csv $G bench --device cuda:0 --filter bls12_381.bench.fp_mul_latency_ptx --samples 1 --warmup 0 --no-fork > $O/ncu-run-fpmul.txt 2>&1; echo "ncu fpmul rc=$?"
save
