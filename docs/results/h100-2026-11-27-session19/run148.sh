#!/usr/bin/env bash
# Session 19: CUDA stream priorities (measurement only: s19p = a02f223 +
# queue_priority_probe.patch, GC_CUDA_QUEUE_PRIORITIES=a,b,c: 1 creates that queue at the
# device's greatest priority): the default (all equal) against queue 0 high, queues 0 and 2
# high, queue 1 high; 1, 16, 64 and 128 blobs, two rounds.
set -u
O=/tmp/r148; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r148.tgz -C /tmp r148; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s19p --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
.gpu/gpucheck-s19p bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1
echo "warm $(el)"
for r in 1 2; do for p in none 1,0,0 1,0,1 0,1,0; do
  if [ $p = none ]; then unset GC_CUDA_QUEUE_PRIORITIES; else export GC_CUDA_QUEUE_PRIORITIES=$p; fi
  timeout 150 .gpu/gpucheck-s19p bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/p$p-r$r.txt 2>&1; echo "prio $p r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/p$p-r$r.txt | cut -c1-110
done; done
unset GC_CUDA_QUEUE_PRIORITIES
save
