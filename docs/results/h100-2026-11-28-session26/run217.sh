#!/usr/bin/env bash
# Session 26: Nsight Compute on g1_conv_straus4 of a 64-blob pass (s26c = f38cc4f), without
# the source counters, by application replay (kernel replay failed to launch it, run216.sh).
set -u
O=/tmp/r217; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
N=.gpu/gpucheck-s26c
$N --version > $O/devices.txt
true || timeout 100 $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 2 > $O/warm.txt 2>&1; echo "warm rc=$?"
S="--section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section ComputeWorkloadAnalysis"
timeout 170 ncu --clock-control none --replay-mode application -k regex:'^g1_conv_straus4$' --launch-count 1 $S $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 1 --warmup 0 --no-fork > $O/ncu-g1_conv_straus4.txt 2>&1; echo "straus rc=$?"
grep -E "Duration|Registers Per|Achieved Occupancy|Issue Slots Busy|highest-utilized|No Eligible|Active Warps Per Scheduler|Eligible Warps|Warp Cycles Per Issued|stalled|L1/TEX Hit|L2 Hit|Mem Busy|Local Memory Spilling Requests|SM Busy" $O/ncu-*.txt | head -40
tar czf $OUT/r217.tgz -C /tmp r217
