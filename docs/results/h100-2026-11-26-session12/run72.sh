#!/usr/bin/env bash
# Teams exchanging by warp shuffles (shfl) against one work-item each (g1_team=0), same
# binary, alternating; Nsight Compute on one team launch of the 64-blob G1 transforms
set -u
O=/tmp/r72; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r72.tgz -C /tmp r72; }
B=.gpu/gpucheck-shfl
$B --version > $O/devices.txt 2>&1
timeout 100 $B run --device cuda:0 --filter 'fk20.L64.g1_*,fk20.L16.g1_fft.row1,mutant_fk20.wrong_team_lane' > $O/shfl-run-cuda.txt 2>&1; echo "shfl run cuda rc=$? $(tail -1 $O/shfl-run-cuda.txt)"
F="fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts"
for round in 1 2; do
  for t in 0 1; do
    timeout 60 $B bench --device cuda:0 --filter "$F" --param fk20.g1_team=$t --samples 10 > $O/ab-team$t-$round.txt 2>&1
    echo "== team=$t round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/ab-team$t-$round.txt | cut -c1-100
  done
done
save
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,regex:sm__pipe_.*_cycles_active\.avg\.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed.max,sm__cycles_elapsed.max,smsp__warps_active.avg.per_cycle_active,launch__registers_per_thread,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
timeout 120 ncu --clock-control none -k regex:g1_fft_pair_products_team --launch-skip 6 --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-b64-team1.csv $B bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --no-fork > $O/ncu-run-b64-team1.txt 2>&1; echo "ncu rc=$?"
save
