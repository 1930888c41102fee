#!/usr/bin/env bash
# Session 17, third call: where one pass's wall time goes at b39fc6c (s17t = b39fc6c +
# trace.patch: host clock readings, GC_KZG_TRACE=1), and the reads reordered (s17c = the
# working tree: cells, commitments and flags read on queue 1 while queue 0 runs the proofs)
# against b39fc6c (s17b): one blob four rounds of 20, 64 and 128 blobs two rounds of 10;
# the end-to-end and pool tests on CUDA with s17c.
set -u
O=/tmp/r123; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r123.tgz -C /tmp r123; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17b s17c s17t; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1; cat $O/devices.txt
for f in b1 b64 b128; do
  GC_KZG_TRACE=1 timeout 90 .gpu/gpucheck-s17t bench --device cuda:0 --filter fk20.bench.L64.$f.pipeline --samples 10 --no-fork > $O/trace-$f.txt 2>&1; echo "trace $f rc=$?"; grep TRACE $O/trace-$f.txt | tail -4
done
save
timeout 150 .gpu/gpucheck-s17c run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*,fk20.L64.commitment*,fk20.L64.cells*' > $O/tests-s17c.txt 2>&1; echo "tests s17c rc=$? $(tail -1 $O/tests-s17c.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/tests-s17c.txt | head
save
for v in s17b s17c; do .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
for round in 1 2 3 4; do
  for v in s17b s17c; do
    timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/$v-b1-r$round.txt 2>&1; echo "$v b1 r$round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$round.txt | cut -c1-100)"
  done
done
save
for round in 1 2; do
  for v in s17b s17c; do
    timeout 100 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-big-r$round.txt 2>&1; echo "$v big r$round rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-big-r$round.txt | cut -c1-100
  done
done
save
