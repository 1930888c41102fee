#!/usr/bin/env bash
# A/B twice: base (4a40b82) against inl (the projective G1 formulas with their products inlined on CUDA) and
# inlall (every G1 formula inlined: XYZZ MSM, Jacobian single-stage transforms too)
set -u
O=/tmp/r58; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r58.tgz -C /tmp r58; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in base inl inlall; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.msm,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs"
for round in 1 2; do
  for b in base inl inlall; do
    timeout 150 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1; echo "== $b round $round rc=$? $(el)"
    grep -E "^\s+(PASS|FAIL|ERROR)" $O/ab-$b-$round.txt | cut -c1-110
  done
  save
done
for b in inl inlall; do
  timeout 200 .gpu/gpucheck-$b run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/$b-fk20-run-cuda.txt 2>&1; echo "$b fk20 cuda rc=$? $(tail -1 $O/$b-fk20-run-cuda.txt) $(el)"
  save
done
