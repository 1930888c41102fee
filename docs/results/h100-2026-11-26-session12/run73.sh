#!/usr/bin/env bash
# t24: teams of 2 or 4 (fk20.g1_team), points by value, registers capped for 12 warps/SM,
# the combine one work-item per output; against shfl (teams of 4 by pointers, the old
# combine; its g1_team=0 is the session's starting kernel pair). Alternating, same call.
set -u
O=/tmp/r73; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r73.tgz -C /tmp r73; }
.gpu/gpucheck-t24 --version > $O/devices.txt 2>&1
timeout 120 .gpu/gpucheck-t24 run --device cuda:0 --filter 'fk20.L*.g1_*,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_g1_pair_product,fk20.eip7594.consensus_vectors' > $O/t24-run-cuda.txt 2>&1; echo "t24 run cuda rc=$? $(tail -1 $O/t24-run-cuda.txt)"
timeout 60 .gpu/gpucheck-t24 run --device cuda:0 --filter 'fk20.L64.g1_*,fk20.L16.g1_fft.*,mutant_fk20.wrong_team_lane' --param fk20.g1_team=2 --param mutant_fk20.g1_team=2 > $O/t24-run-cuda-lanes2.txt 2>&1; echo "t24 lanes2 run cuda rc=$? $(tail -1 $O/t24-run-cuda-lanes2.txt)"
save
F="fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts"
for round in 1 2; do
  for cfg in shfl:0 shfl:1 t24:1 t24:2 t24:4; do
    b=${cfg%:*}; t=${cfg#*:}
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --param fk20.g1_team=$t --samples 10 > $O/ab-$b-team$t-$round.txt 2>&1
    echo "== $b team=$t round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/ab-$b-team$t-$round.txt | cut -c1-100
  done
done
save
for t in 0; do
timeout 60 .gpu/gpucheck-t24 bench --device cuda:0 --filter "fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline" --samples 10 > $O/pipe-t24-default.txt 2>&1
echo "== t24 pipelines default"; grep -E '^\s+PASS|FAIL|ERROR' $O/pipe-t24-default.txt | cut -c1-100
done
save
