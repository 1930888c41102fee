#!/usr/bin/env bash
# One blob's convolution by teams again (g1_conv_taps_team, --param fk20.conv_team): since
# the split (ab973c8) its launch is one warp a partition (516 warps of products), where the
# twelfth session's teams lost at two (1,028). H = ca9a9df + the team kernel; three rounds
# of conv_team 1 / 2 / 4; then the convolution's tests and mutants on CUDA by teams.
set -u
O=/tmp/s14f; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14f.tgz -C /tmp s14f; }
G=.gpu/gpucheck-s14h
$G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 2 --param fk20.conv_team=2 > /dev/null 2>&1
for round in 1 2 3; do
  for l in 1 2 4; do
    timeout 90 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.g1_conv' --param fk20.conv_team=$l --samples 10 > $O/t$l-r$round.txt 2>&1; echo "team $l r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/t$l-r$round.txt | cut -c1-90
  done
done
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active
for l in 1 2; do
timeout 60 ncu --clock-control none -k regex:g1_conv_taps --launch-skip 1 --launch-count 1 --metrics "$M" --csv --log-file $O/ncu-conv$l.csv $G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --param fk20.conv_team=$l --samples 1 --warmup 1 --no-fork > $O/ncu-run-conv$l.txt 2>&1; echo "ncu conv$l rc=$?"
done
for l in 2 4; do
timeout 150 $G run --device cuda:0 --filter 'fk20.L64.g1_conv*,mutant_fk20.wrong_conv*,mutant_fk20.lost_conv_wrap_sign,fk20.eip7594.*' --param fk20.conv_team=$l --param mutant_fk20.conv_team=$l > $O/tests-team$l.txt 2>&1; echo "tests team $l rc=$? $(tail -1 $O/tests-team$l.txt)"
done
save
