#!/usr/bin/env bash
# st = single G1 stages by teams (g1_fft_stage_team) for the small transforms, chosen by
# --param fk20.g1_pair_max_points=0 (default still the fused pairs by teams of two);
# base = e838345. Correctness of st's stage teams on CUDA first (teams of 2 and 4), then
# G1 FFTs and pipelines: base, st default, st stages by teams of 4 and of 2, twice.
set -u
O=/tmp/r87; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r87.tgz -C /tmp r87; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-st --version; } > $O/devices.txt 2>&1
for l in 4 2; do
timeout 100 .gpu/gpucheck-st run --device cuda:0 --filter 'fk20.L64.g1*,fk20.L32.g1_fft*,fk20.eip7594.*,mutant_fk20.wrong_g1_twiddle,mutant_fk20.wrong_team_lane' --param fk20.g1_pair_max_points=0 --param fk20.g1_team=$l --param mutant_fk20.g1_pair_max_points=0 --param mutant_fk20.g1_team=$l > $O/st-tests-team$l.txt 2>&1; echo "st tests team$l rc=$? $(tail -1 $O/st-tests-team$l.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/st-tests-team$l.txt | head
done
save
F='fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
run() { # name binary params...
  local n=$1 b=$2; shift 2
  timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 "$@" > $O/$n.txt 2>&1; echo "$n rc=$?"
  grep -E '^\s+PASS|FAIL|ERROR' $O/$n.txt | cut -c1-100
}
for round in 1 2; do
  run base-r$round base
  run st-r$round st
  run st4-r$round st --param fk20.g1_pair_max_points=0 --param fk20.g1_team=4
  run st2-r$round st --param fk20.g1_pair_max_points=0 --param fk20.g1_team=2
  save
done
