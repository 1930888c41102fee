#!/usr/bin/env bash
# nvidia-h200-x2: the KZG pool over one and over both GPUs (a3e6054), 512, 1024 and 2048 blobs a call; the pool tests
set -u
O=/tmp/mg; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/mg.tgz -C /tmp mg; }
G=.gpu/gpucheck-final
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=index,name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; nvidia-smi topo -m; $G --version; $G devices; nproc; } > $O/devices.txt 2>&1
head -4 $O/devices.txt
timeout 150 $G run --device cuda:0 --filter 'fk20.pool*' -v > $O/pool-run.txt 2>&1; echo "pool tests rc=$? $(tail -1 $O/pool-run.txt) $(el)"; grep -h "context [01]:" $O/pool-run.txt | head -4
save
for n in 512 1024 2048; do
  timeout 150 $G bench --device cuda:0 --filter 'fk20.bench.L64.multi*' --samples 5 --param fk20.multi_blobs=$n -v --json $O/multi-$n.json > $O/multi-$n.txt 2>&1; echo "== multi $n rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR|SKIP)|blobs/s" $O/multi-$n.txt | cut -c1-170 | head -8
  save
done
