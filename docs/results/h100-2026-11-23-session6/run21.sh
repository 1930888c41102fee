#!/usr/bin/env bash
# host-phase trace of the pass (experiment binary gpucheck-x), current order vs all-enqueued-then-read
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-x
nproc > $O/nproc.txt; lscpu >> $O/nproc.txt 2>&1
for L in 0 1 0 1; do
  GC_EXP_LATE=$L GC_EXP_TRACE=$O/trace-$L.txt timeout 120 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/bench-$L.txt 2>&1
  echo "== late=$L"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$L.txt
done
save
