#!/usr/bin/env bash
# The small sums' trees by teams (g1_sum_tree_team, --param fk20.sum_team): on one blob's
# path the hi MSM's (384 outputs x 64 chunks) and the convolution's (128 x 136) trees,
# 116 and 113 us under Nsight Compute. J = 7e85211 + the team tree; three rounds of
# sum_team 1 / 2 / 4; then the stage tests and the team mutant through the tree alone on CUDA.
set -u
O=/tmp/s14g; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14g.tgz -C /tmp s14g; }
G=.gpu/gpucheck-s14j
$G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 2 --param fk20.sum_team=2 > /dev/null 2>&1
for round in 1 2 3; do
  for l in 1 2 4; do
    timeout 90 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment' --param fk20.sum_team=$l --samples 10 > $O/s$l-r$round.txt 2>&1; echo "sum team $l r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/s$l-r$round.txt | cut -c1-90
  done
done
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
for l in 1 2; do
timeout 60 ncu --clock-control none -k regex:g1_sum_tree --metrics "$M" --csv --log-file $O/ncu-sum$l.csv $G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --param fk20.sum_team=$l --samples 1 --warmup 0 --no-fork > $O/ncu-run-sum$l.txt 2>&1; echo "ncu sum$l rc=$?"
done
for l in 2 4; do
timeout 150 $G run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.L64.msm*,fk20.L64.commitment*,fk20.eip7594.*' --param fk20.sum_team=$l > $O/tests-sum$l.txt 2>&1; echo "tests sum team $l rc=$? $(tail -1 $O/tests-sum$l.txt)"
done
timeout 100 $G run --device cuda:0 --filter 'mutant_fk20.wrong_conv_team_lane' --param mutant_fk20.conv_team=1 --param mutant_fk20.sum_team=2 > $O/mutant-sum2.txt 2>&1; echo "mutant via the tree alone rc=$? $(tail -1 $O/mutant-sum2.txt)"
save
