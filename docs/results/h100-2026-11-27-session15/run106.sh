#!/usr/bin/env bash
# Why two products a call lost (run105.sh): Nsight Compute's stall reasons and pipe use of
# the stage pairs' team products at 64 blobs (A = cdcf23e, B = with gc_fp_mul2_call), the
# FK20 MSM's comb at 64 blobs and the convolution's team products at one blob (A).
set -u
O=/tmp/r106; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r106.tgz -C /tmp r106; }
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fmaheavy.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_dispatch_stall_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_branch_resolving_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_membar_per_issue_active.ratio,smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio,smsp__average_warps_issue_stalled_drain_per_issue_active.ratio,smsp__average_warps_issue_stalled_imc_miss_per_issue_active.ratio,smsp__average_warps_issue_stalled_misc_per_issue_active.ratio,smsp__average_warps_issue_stalled_tex_throttle_per_issue_active.ratio
for v in a b; do
  timeout 120 ncu --clock-control none -k regex:g1_fft_pair_products_team --launch-count 3 --metrics "$M" --csv --log-file $O/ncu-pairs-$v.csv .gpu/gpucheck-s15$v bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --no-fork > $O/ncu-run-pairs-$v.txt 2>&1; echo "ncu pairs $v rc=$?"
  save
done
timeout 120 ncu --clock-control none -k regex:msm_comb --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-msm-a.csv .gpu/gpucheck-s15a bench --device cuda:0 --filter fk20.bench.L64.b64.msm --samples 1 --warmup 0 --no-fork > $O/ncu-run-msm-a.txt 2>&1; echo "ncu msm rc=$?"
timeout 120 ncu --clock-control none -k regex:g1_conv_taps_team --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-conv-a.csv .gpu/gpucheck-s15a bench --device cuda:0 --filter fk20.bench.L64.b1.proofs --samples 1 --warmup 0 --no-fork > $O/ncu-run-conv-a.txt 2>&1; echo "ncu conv rc=$?"
save
python3 - $O <<'PY'
import csv,glob,sys
for f in sorted(glob.glob(sys.argv[1]+'/ncu-*.csv')):
    rows=list(csv.reader(open(f)))
    data={}
    for r in rows:
        if len(r)>14 and r[0]!='ID':
            data.setdefault((r[0],r[4]),{})[r[12]]=r[14]
    for (i,k),m in sorted(data.items()):
        print(f.split('/')[-1], i, k)
        for key,val in m.items():
            print('   ', key.replace('smsp__average_warps_issue_stalled_','stall_').replace('_per_issue_active.ratio',''), val)
PY
