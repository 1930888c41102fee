#!/usr/bin/env bash
# c0 = k (3ad08e1) + Jacobian products in the convolution + g1_sum_chunks capped at 8 blocks (128 regs);
# c = c0 + msm_comb capped at 10 blocks (102 regs); A/B against k
set -u
O=/tmp/c; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/c.tgz -C /tmp c; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; for v in k c0 c; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.proofs'
for v in k c0 c k c0 c; do
  timeout 80 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
