#!/usr/bin/env bash
# A/B twice: q2 (tree of e60e0e6) against inv2 = e60e0e6 + Pornin's binary GCD (31 divsteps a round on approximations) for field inversions
# (compression, affine tables); then bls12_381 and fk20 tests and mutants of inv2 on CUDA
set -u
O=/tmp/inv2; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/inv2.tgz -C /tmp inv2; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-q2 --version; .gpu/gpucheck-inv2 --version; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.compress,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.compress,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.compress,fk20.bench.L16.b512.pipeline'
for round in 1 2; do
  for b in q2 inv2; do
    timeout 100 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 -v --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-120; grep -h "precomputation" $O/ab-$b-$round.txt | head -2 | cut -c1-110
  done
  save
done
timeout 200 .gpu/gpucheck-inv2 run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*,mutant_bls12_381*' > $O/inv2-bls-run-cuda.txt 2>&1; echo "inv2 bls tests+mutants rc=$? $(tail -1 $O/inv2-bls-run-cuda.txt) $(el)"
save
timeout 200 .gpu/gpucheck-inv2 run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/inv2-fk20-run-cuda.txt 2>&1; echo "inv2 fk20 tests+mutants cuda rc=$? $(tail -1 $O/inv2-fk20-run-cuda.txt) $(el)"
save
