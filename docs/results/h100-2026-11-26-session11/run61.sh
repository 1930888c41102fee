#!/usr/bin/env bash
# Per-kernel times of one blob's proofs with split (the convolution's products split at bit 64),
# and the stall metrics of its g1_conv_taps and g1_conv_mul_2_64 launches
set -u
O=/tmp/r61; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r61.tgz -C /tmp r61; }
M='gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,smsp__inst_executed.sum,sm__warps_active.avg.per_cycle_active,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active'
for b in split base; do
timeout 150 ncu --clock-control none -k regex:'g1_conv|g1_sum' --metrics "$M" --csv --page raw --log-file $O/ncu-conv-b1-$b.csv .gpu/gpucheck-$b bench --device cuda:0 --filter fk20.bench.L64.b1.g1_conv --samples 1 --warmup 0 --no-fork > $O/ncu-run-$b.txt 2>&1; echo "ncu $b rc=$?"
save
done
