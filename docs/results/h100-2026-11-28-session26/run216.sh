#!/usr/bin/env bash
# Session 26: Nsight Compute on the batches' convolution (g1_conv_straus4) and the FK20 MSM
# (msm_comb) of a 64-blob pass, s26c (f38cc4f): where their warps wait (stall reasons),
# issue, occupancy and memory, one launch each, replayed alone.
set -u
O=/tmp/r216; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r216.tgz -C /tmp r216; }
N=.gpu/gpucheck-s26c
$N --version > $O/devices.txt; nvidia-smi --query-gpu=name,driver_version --format=csv >> $O/devices.txt
timeout 120 $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 2 > $O/warm.txt 2>&1; echo "warm rc=$?"
S="--section LaunchStats --section Occupancy --section SchedulerStats --section WarpStateStats --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section SourceCounters"
for k in g1_conv_straus4 msm_comb; do
  timeout 200 ncu --clock-control none -k regex:"^$k\$" --launch-count 1 $S $N bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 1 --warmup 0 --no-fork > $O/ncu-$k.txt 2>&1; echo "$k rc=$?"; save
done
grep -E "Duration|Registers|Achieved Occupancy|Issue Slots Busy|No Eligible|Active Warps Per Scheduler|Eligible Warps|Warp Cycles Per Issued|Stall|L1/TEX Hit|L2 Hit|Mem Busy|Local" $O/ncu-*.txt | head -80
save
