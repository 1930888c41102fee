#!/usr/bin/env bash
# Session 18: s18g (9467498 + the reads of queue 1 first, the proofs' last, and the
# proofs' steps queued first only in passes of at most 16 blobs) against s17z (a8f00ec):
# one blob three rounds of 20, 8 and 16 blobs two rounds of 10, 64 and 128 blobs two
# rounds of 10; the end-to-end and pool tests through CUDA.
set -u
O=/tmp/r140; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r140.tgz -C /tmp r140; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17z s18g; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
for v in s17z s18g; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3; do for v in s17z s18g; do
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 > $O/$v-b1-r$r.txt 2>&1; echo "$v b1 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$r.txt | cut -c1-110)"
done; done
for r in 1 2; do for v in s17z s18g; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-many-r$r.txt 2>&1; echo "$v r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-many-r$r.txt | cut -c1-110
done; done
save
timeout 150 .gpu/gpucheck-s18g run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
save
