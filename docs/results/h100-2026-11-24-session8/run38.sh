#!/usr/bin/env bash
# t = k (3ad08e1) with the latency-bound G1 transforms fused in stage triples (21 products per octet) instead of pairs
set -u
O=/tmp/t; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/t.tgz -C /tmp t; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; for v in k t; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.g1_ffts'
for v in k t k t; do
  timeout 80 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
timeout 150 .gpu/gpucheck-t run --device cuda:0 --filter 'fk20.L64*,fk20.L32*,fk20.eip7594*,mutant_fk20*' > $O/fk20-run-t.txt 2>&1; echo "fk20 t rc=$? $(tail -1 $O/fk20-run-t.txt) $(el)"
save
