#!/usr/bin/env bash
# Profile of 63a034d: every FK20 stage bench at 1/64/128 blobs and L16 512, and ncu per-kernel times of the b64 and b1 pipelines
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-h
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; which ncu; ncu --version; } > $O/devices.txt 2>&1
timeout 200 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.*,fk20.bench.L64.b64.*,fk20.bench.L64.b128.*,fk20.bench.L16.b512.*' --samples 5 --warmup 2 > $O/stages.txt 2>&1; echo "stages rc=$?"
save
M=gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__grid_size,launch__block_size,sm__inst_executed.sum
for f in L64.b64.pipeline L64.b1.pipeline; do
 timeout 150 ncu --clock-control none --target-processes all --metrics $M --csv --log-file $O/ncu-$f.csv $G bench --device cuda:0 --filter fk20.bench.$f --samples 1 --warmup 0 --timeout 140 > $O/ncu-$f.txt 2>&1; echo "ncu $f rc=$?"
 save
done
