#!/usr/bin/env bash
# Session 27, third call: the batches' convolution at three taps a work-item (s27d =
# 3 taps added to fa650b2's kernels): tests through CUDA at 3 taps (with the mutants), the
# stage at 32 / 64 / 128 blobs and 2 / 3 / 4 taps, cells + proofs at 64 blobs at 3 and 4
# taps (two rounds, s27b beside); then Nsight Compute's kernel durations over one 64-blob
# pass and msm_comb's stall reasons.
set -u
O=/tmp/r221; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r221.tgz -C /tmp r221; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27d B=.gpu/gpucheck-s27b
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t new-test 150 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*' --param fk20.g1_straus_taps=3 --param mutant_fk20.g1_straus_taps=3
t old-warm 90 $B bench --device cuda:0 --filter fk20.bench.L64.b32.g1_straus --samples 3
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for tp in 2 3 4; do t new-st$tp 60 $N bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=$tp; done
t old-st 60 $B bench --device cuda:0 --filter "$s" --samples 5
c="fk20.bench.L64.b64.cells_proofs"
for round in 1 2; do
  for tp in 3 4; do t new-cp$tp-$round 60 $N bench --device cuda:0 --filter "$c" --samples 10 --param fk20.g1_straus_taps=$tp; done
  t old-cp-$round 60 $B bench --device cuda:0 --filter "$c" --samples 10
done
timeout 150 ncu --clock-control none --metrics gpu__time_duration.sum $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 1 --warmup 0 --no-fork --param fk20.g1_straus_taps=3 > $O/ncu-durations.txt 2>&1; echo "ncu-durations rc=$? $(el)"; save
M=$(echo smsp__average_warps_issue_stalled_{long_scoreboard,short_scoreboard,wait,math_pipe_throttle,not_selected,selected,lg_throttle,no_instruction,branch_resolving,dispatch_stall,mio_throttle,barrier,membar,drain,imc_miss,tex_throttle,sleeping,misc}_per_issue_active.ratio | tr ' ' ,)
for k in msm_comb g1_conv_straus3; do
  timeout 150 ncu --clock-control none --replay-mode application -k regex:"^$k\$" --launch-count 1 --metrics $M,smsp__warps_active.avg.per_cycle_active,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 1 --warmup 0 --no-fork --param fk20.g1_straus_taps=3 > $O/ncu-stalls-$k.txt 2>&1; echo "ncu-$k rc=$? $(el)"; save
done
grep -E "stalled|warps_active|pipe_fma|issue_active" $O/ncu-stalls-*.txt | sed 's/  */ /g' | head -60
save
