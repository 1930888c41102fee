#!/usr/bin/env bash
# ph = the fused G1 stage pairs with their rows in two halves on queues 0 and 2 (as the
# single stages already are); base = e838345. Correctness of ph on CUDA first (G1 stages,
# pipelines against the known answers, the half-rows and pair mutants), then A/B twice
# in alternating order, and teams of one (the OpenCL form) on CUDA.
set -u
O=/tmp/r86; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r86.tgz -C /tmp r86; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-ph --version; } > $O/devices.txt 2>&1
timeout 150 .gpu/gpucheck-ph run --device cuda:0 --filter 'fk20.L64.g1*,fk20.L32.g1*,fk20.L16.g1*,fk20.eip7594.*,fk20.pool.*,mutant_fk20.wrong_g1_half_rows,mutant_fk20.wrong_g1_pair_product,mutant_fk20.wrong_team_lane' > $O/ph-tests-cuda.txt 2>&1; echo "ph tests rc=$? $(tail -1 $O/ph-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/ph-tests-cuda.txt | head
save
F='fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
for round in 1 2; do
  order="base ph"; [ $round = 2 ] && order="ph base"
  for b in $order; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 10 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
for b in base ph; do
  timeout 30 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts' --param fk20.g1_team=1 --samples 10 > $O/$b-team1.txt 2>&1; echo "$b team1 rc=$?"
  grep -E '^\s+PASS|FAIL|ERROR' $O/$b-team1.txt | cut -c1-100
done
save
