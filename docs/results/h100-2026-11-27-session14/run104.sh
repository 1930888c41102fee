#!/usr/bin/env bash
# d8b6d9e as committed (teams of two for the convolution's products at one blob and for the
# sums' trees up to 128 outputs, both by default through CUDA): one blob three rounds of
# 20, its stages, and the L = 64 stage tests, end-to-end, pool tests and every fk20 mutant
set -u
O=/tmp/fin14c; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin14c.tgz -C /tmp fin14c; }
G=.gpu/gpucheck-s14k
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
timeout 90 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline' --samples 10 > $O/stages.txt 2>&1; echo "stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/stages.txt | cut -c1-90
for round in 1 2 3; do
  timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/b1-round$round.txt 2>&1; echo "b1 round $round rc=$?"; grep -E '^\s+PASS|FAIL' $O/b1-round$round.txt | cut -c1-100
done
save
timeout 330 $G run --device cuda:0 --filter 'fk20.L64*,fk20.eip7594.*,fk20.pool.*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN|INTERRUPTED)' $O/fk20-run-cuda.txt | head
save
