#!/usr/bin/env bash
# Two products a call (gc_fp_mul2_call, the rows of two chained products alternating):
# A = cdcf23e (HEAD at the start), B = A + the pair in the teams' rounds and in the
# projective formulas, C = B + the pair in the MSM's XYZZ formulas. The same benchmarks,
# A B C then C B A, in one call on one GPU.
set -u
O=/tmp/r105; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r105.tgz -C /tmp r105; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s15a --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.g1_ffts,fk20.bench.L16.b512.proofs'
for v in a b c c b a; do
  timeout 150 .gpu/gpucheck-s15$v bench --device cuda:0 --filter "$F" --samples 10 --json $O/bench-$v-$(date +%s).json > $O/bench-$v.txt 2>&1
  echo "== $v rc=$? $(el)"; grep -E '^\s+(PASS|FAIL|ERROR)' $O/bench-$v.txt | cut -c1-110
  save
done
