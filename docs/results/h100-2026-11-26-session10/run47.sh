#!/usr/bin/env bash
# A/B twice: bcb7781 (unsigned comb, 13 teeth by default) against a3e6054 (signed comb, 16/17 teeth by default);
# a3e6054 at 14 teeth (the memory of the old 13); every stage at 1, 64, 128 blobs (L = 64) and 512 rows (L = 16)
set -u
O=/tmp/ab; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/ab.tgz -C /tmp ab; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-bcb --version; .gpu/gpucheck-final --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.proofs'
for round in 1 2; do
  for b in bcb final; do
    timeout 75 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 7 -v --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | awk '{print "   ", $0}' | cut -c1-150
  done
  save
done
timeout 75 .gpu/gpucheck-final bench --device cuda:0 --filter "$F" --samples 7 -v --param fk20.comb_teeth=14 --json $O/final-teeth14.json > $O/final-teeth14.txt 2>&1; echo "== final 14 teeth rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/final-teeth14.txt | cut -c1-150
save
F2='fk20.bench.L64.b1.*,fk20.bench.L64.b64.*,fk20.bench.L64.b128.*,fk20.bench.L16.b512.*,-fk20.bench.L64.b64.g1_conv,-fk20.bench.L64.b128.g1_conv,-fk20.bench.L64.b1.g1_ffts'
timeout 170 .gpu/gpucheck-final bench --device cuda:0 --filter "$F2" --samples 5 --json $O/fk20-bench-stages.json > $O/fk20-bench-stages.txt 2>&1; echo "== stages rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-stages.txt | cut -c1-150
save
