#!/usr/bin/env bash
# Session 17, first call (measurement): how long one Fp product and one G1 formula take a
# warp at 1..16 warps per SM partition (mb.cu: one dependent chain per thread, or two), and
# Nsight Compute's time of every kernel of one one-blob pass at 5dacb1a (kernels serialised)
set -u
O=/tmp/r121; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r121.tgz -C /tmp r121; }
G=.gpu/gpucheck-s16b
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; command -v ncu; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 60 .gpu/mb/mb > $O/mb.txt 2>&1; echo "mb rc=$? $(el)"; cat $O/mb.txt
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
timeout 200 ncu --clock-control none --metrics $M --csv --log-file $O/ncu-b1.csv $G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-b1.txt 2>&1; echo "ncu b1 rc=$? $(el)"
save
python3 - $O/ncu-b1.csv <<'PY'
import csv,sys
rows=list(csv.reader(open(sys.argv[1]))); h=None; seen={}
for r in rows:
    if r and r[0]=='ID': h=r; continue
    if h and len(r)==len(h):
        d=dict(zip(h,r))
        if d['Metric Name']=='gpu__time_duration.sum': print(d['ID'], d['Kernel Name'][:32], d['Grid Size'], d['Block Size'], d['Metric Value'])
PY
