#!/usr/bin/env bash
# Session 22: the team exchange without its select on the team size (p1 = p0 for teams of
# four; s22n) against s22m (5c53b8a): tests through CUDA (teams of two and four, both
# register budgets, the team mutants), then stages and pipelines A/B, alternating.
set -u
O=/tmp/r186; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r186.tgz -C /tmp r186; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s22m s22n; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1; head -2 $O/devices.txt
t() { local tag=$1 lim=$2; shift 2
  timeout $lim .gpu/gpucheck-s22n run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
F='fk20.L64.g1_fft.rows,fk20.L64.g1_ifft_truncate.row1,fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_conv_team_lane'
t tests-t2 100 --device cuda:0 --filter "$F"
t tests-t4 100 --device cuda:0 --filter "$F" --param fk20.g1_team=4 --param fk20.conv_team=4 --param mutant_fk20.g1_team=4 --param mutant_fk20.conv_team=4
t tests-w12 100 --device cuda:0 --filter "$F" --param fk20.team_sm_warps=12 --param mutant_fk20.team_sm_warps=12
t e2e 100 --device cuda:0 --filter 'fk20.eip7594.*'
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | head -12 | tr '\n' ' ')"; }
S='fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts'
for r in 1 2; do for v in s22m s22n; do run $v-s-r$r $v $S 7; done; done; el; save
for r in 1 2; do for v in s22m s22n; do run $v-p-r$r $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done; done; el; save
