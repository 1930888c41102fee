#!/usr/bin/env bash
# Session 22: a team lane's two products of a round in one call (gc_fp_mul2_call, s22k)
# against two calls (s22j = 5c53b8a): tests through CUDA, stages and pipelines A/B, and
# Nsight Compute on the pairs' team kernel at 64 blobs.
set -u
O=/tmp/r181; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r181.tgz -C /tmp r181; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s22j s22k; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1; head -2 $O/devices.txt
t() { local tag=$1 lim=$2; shift 2
  timeout $lim .gpu/gpucheck-s22k run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
for w in 8 12; do t tests-w$w 100 --device cuda:0 --filter 'fk20.L64.g1_fft.rows,fk20.L64.g1_ifft_truncate.row1,fk20.L64.g1_conv.row1,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_conv_team_lane' --param fk20.team_sm_warps=$w --param mutant_fk20.team_sm_warps=$w; done
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | head -12 | tr '\n' ' ')"; }
S='fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts'
for r in 1 2; do for v in s22j s22k; do run $v-s-r$r $v $S 7; done; done; el; save
for r in 1 2; do for v in s22j s22k; do run $v-p-r$r $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done; done; el; save
M=gpu__time_duration.sum,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio
for v in s22j s22k; do timeout 100 ncu --clock-control none -k regex:'^g1_fft_pair_products_team' --launch-count 2 --metrics "$M" --csv --log-file $O/ncu-pairs-$v.csv .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --no-fork > $O/run-pairs-$v.txt 2>&1; echo "ncu $v rc=$?"; done; el; save
