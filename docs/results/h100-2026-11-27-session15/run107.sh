#!/usr/bin/env bash
# The comb's columns in parts for one-term MSM work-items (--param fk20.msm_parts) and the
# blob flags read last in small passes: A = cdcf23e, D = the two changes (parts 1 by
# default). One blob: A, then D at parts 1 2 3 4, three rounds; 64 and 128 blobs A and D;
# then on CUDA the MSM and commitment stage tests, end to end and the MSM mutants at
# parts 2 and 4.
set -u
O=/tmp/r107; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r107.tgz -C /tmp r107; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s15d --version; } > $O/devices.txt 2>&1
B1='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment'
.gpu/gpucheck-s15d bench --device cuda:0 --filter fk20.bench.L64.b1.msm --samples 2 > /dev/null 2>&1
.gpu/gpucheck-s15a bench --device cuda:0 --filter fk20.bench.L64.b1.msm --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  timeout 60 .gpu/gpucheck-s15a bench --device cuda:0 --filter "$B1" --samples 20 > $O/a-r$round.txt 2>&1; echo "A r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/a-r$round.txt | cut -c1-90
  for p in 1 2 3 4; do
    timeout 60 .gpu/gpucheck-s15d bench --device cuda:0 --filter "$B1" --param fk20.msm_parts=$p --samples 20 > $O/d$p-r$round.txt 2>&1; echo "D parts $p r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/d$p-r$round.txt | cut -c1-90
  done
  save
done
BIG='fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment'
for v in a d; do
  timeout 90 .gpu/gpucheck-s15$v bench --device cuda:0 --filter "$BIG" --samples 10 > $O/big-$v.txt 2>&1; echo "big $v rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/big-$v.txt | cut -c1-90
done
save
for p in 2 4; do
  timeout 200 .gpu/gpucheck-s15d run --device cuda:0 --filter 'fk20.L64.msm*,fk20.L16.msm*,fk20.L64.commitment*,fk20.L64.g1_conv*,fk20.eip7594.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_conv_piece' --param fk20.msm_parts=$p --param mutant_fk20.msm_parts=$p > $O/tests-parts$p.txt 2>&1; echo "tests parts $p rc=$? $(tail -1 $O/tests-parts$p.txt) $(el)"
  grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/tests-parts$p.txt | head
  save
done
