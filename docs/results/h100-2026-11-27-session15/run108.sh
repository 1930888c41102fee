#!/usr/bin/env bash
# The comb MSM's additions by teams (msm_comb_team, --param fk20.msm_team) for one-term
# work-items: F = 007c1df + msm_comb_team (teams of 2 by default through CUDA). One blob,
# three rounds of 20: team 1 (= 007c1df), 2 and 4 at two column parts, team 2 at one part;
# 64 and 128 blobs; then on CUDA the MSM, commitment and convolution stage tests, end to
# end, and the MSM mutants with the new team mutant.
set -u
O=/tmp/r108; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r108.tgz -C /tmp r108; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s15f
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
B1='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment'
$G bench --device cuda:0 --filter fk20.bench.L64.b1.msm --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  for cfg in "1 2" "2 2" "4 2" "2 1"; do
    set -- $cfg
    timeout 60 $G bench --device cuda:0 --filter "$B1" --param fk20.msm_team=$1 --param fk20.msm_parts=$2 --samples 20 > $O/t$1p$2-r$round.txt 2>&1; echo "team $1 parts $2 r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/t$1p$2-r$round.txt | cut -c1-90
  done
  save
done
timeout 90 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' --samples 10 > $O/big.txt 2>&1; echo "big rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/big.txt | cut -c1-90
save
timeout 250 $G run --device cuda:0 --filter 'fk20.L64.msm*,fk20.L16.msm*,fk20.L32.msm*,fk20.L64.commitment*,fk20.L64.g1_conv*,fk20.eip7594.*,fk20.pool.*,mutant_fk20.*' > $O/tests.txt 2>&1; echo "tests rc=$? $(tail -1 $O/tests.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/tests.txt | head
save
