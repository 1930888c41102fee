#!/usr/bin/env bash
# p = k (3ad08e1) + L2 prefetch of the next comb column's table entries in msm_comb (136 regs);
# p8 = p with msm_comb capped at 8 blocks of 64 (128 regs); A/B against k
set -u
O=/tmp/p; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/p.tgz -C /tmp p; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; for v in k p p8; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.proofs'
for v in k p p8 k p p8; do
  timeout 80 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
timeout 100 .gpu/gpucheck-p run --device cuda:0 --filter 'fk20.L64.msm*,fk20.L16.msm*,fk20.L64.commitment*,fk20.eip7594*,mutant_fk20.dropped_msm_term' > $O/fk20-run-p.txt 2>&1; echo "fk20 p rc=$? $(tail -1 $O/fk20-run-p.txt) $(el)"
save
