#!/usr/bin/env bash
# Session 22: (1) the FP64-pipe probe (fp64probe: 8 x 48-bit limbs, DFMA split products)
# beside the project's own Fp product benchmarks, same call; (2) the team kernels' register
# cap 168 -> 255 (GC_OCCUPANCY(32, 8): s22c on the start's kernels, s22d with the ladder)
# against s21f: G1 stages and pipelines, two rounds; (3) Nsight Compute on s22c's pairs.
set -u
O=/tmp/r179; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r179.tgz -C /tmp r179; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s21f s22c s22d; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 100 .gpu/fp64probe > $O/fp64probe.txt 2>&1; echo "probe rc=$?"; cat $O/fp64probe.txt | tail -20
timeout 60 .gpu/gpucheck-s21f bench --device cuda:0 --filter 'bls12_381.bench.fp_mul_ptx,bls12_381.bench.fp_mul_latency_ptx' --samples 5 > $O/fpmul.txt 2>&1; grep -E "PASS|of_limit|cycles" $O/fpmul.txt | head; el; save
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | head -12 | tr '\n' ' ')"; }
for r in 1 2; do for v in s21f s22c s22d; do
  run $v-f-r$r $v 'fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts' 7
done; done; el; save
for r in 1 2; do for v in s21f s22c; do
  run $v-p-r$r $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline' 10
done; done; el; save
M=gpu__time_duration.sum,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio
timeout 100 ncu --clock-control none -k regex:'^g1_fft_pair_products_team$' --launch-count 2 --metrics "$M" --csv --log-file $O/ncu-pairs-s22c.csv .gpu/gpucheck-s22c bench --device cuda:0 --filter fk20.bench.L64.b64.g1_ffts --samples 1 --warmup 0 --no-fork > $O/run-pairs.txt 2>&1; echo "ncu rc=$?"; el; save
