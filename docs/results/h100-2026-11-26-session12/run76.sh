#!/usr/bin/env bash
# c3 = c2 + g1_conv_taps_team: one blob's convolution by teams of 2 and 4 (fk20.conv_team)
# against one work-item a piece (1, the default), same binary, alternating
set -u
O=/tmp/r76; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r76.tgz -C /tmp r76; }
B=.gpu/gpucheck-c3
$B --version > $O/devices.txt 2>&1
for l in 2 4; do
timeout 60 $B run --device cuda:0 --filter 'fk20.L64.g1_conv.*,mutant_fk20.wrong_conv_tap,mutant_fk20.wrong_conv_piece,fk20.eip7594.consensus_vectors' --param fk20.conv_team=$l --param mutant_fk20.conv_team=$l > $O/c3-run-cuda-conv$l.txt 2>&1; echo "c3 conv_team=$l run cuda rc=$? $(tail -1 $O/c3-run-cuda-conv$l.txt)"
done
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.g1_conv"
for round in 1 2 3; do
  for l in 1 2 4; do
    timeout 60 $B bench --device cuda:0 --filter "$F" --param fk20.conv_team=$l --samples 20 > $O/ab-conv$l-$round.txt 2>&1
    echo "== conv_team=$l round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/ab-conv$l-$round.txt | cut -c1-100
  done
done
save
M='gpu__time_duration.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread'
for l in 1 2; do
timeout 60 ncu --clock-control none -k regex:g1_conv_taps --launch-skip 2 --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-conv$l.csv $B bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --param fk20.conv_team=$l --samples 1 --warmup 1 --no-fork > $O/ncu-run-conv$l.txt 2>&1; echo "ncu conv$l rc=$?"
grep -E "gpu__time_duration|warps_active|issue_active" $O/ncu-conv$l.csv | cut -c1-200 | tail -3
done
save
