#!/usr/bin/env bash
# nvidia-h200-x2: the KZG pool over one and over both GPUs (final binary 630a174), and the pool tests
set -u
O=/tmp/mg; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/mg.tgz -C /tmp mg; }
G=.gpu/gpucheck-final
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=index,name,driver_version,clocks.sm,clocks.max.sm --format=csv; nvidia-smi topo -m; $G --version; $G devices; } > $O/devices.txt 2>&1
cat $O/devices.txt | head -8
timeout 150 $G run --device cuda:0 --filter 'fk20.pool*' > $O/pool-run.txt 2>&1; echo "pool tests rc=$? $(tail -1 $O/pool-run.txt) $(el)"
save
timeout 200 $G bench --device cuda:0 --filter 'fk20.bench.L64.multi*' --samples 5 --json $O/multi.json > $O/multi.txt 2>&1; echo "== multi rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)|blobs/s|x[0-9]" $O/multi.txt | head -12
save
