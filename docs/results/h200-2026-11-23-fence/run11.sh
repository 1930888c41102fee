#!/usr/bin/env bash
# atomic_fence on an H200: do the seq_cst -> acq_rel and last-block no-fence twins show there?
set -u
G=.gpu/gpucheck; O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.total --format=csv; $G --version; } > $O/devices.txt 2>&1
timeout 300 $G run --device cuda:0 --filter 'atomic_fence*' -v --json $O/fence-h200-cuda.json > $O/fence-h200-cuda.txt 2>&1
tail -3 $O/fence-h200-cuda.txt; grep -E "twin\.(sb|iriw|last_block)|sb\.|iriw\.|last_block" $O/fence-h200-cuda.txt | grep -vE "^\s{6,}" | head -30
tar czf $OUT/x.tgz -C /tmp x
