#!/usr/bin/env bash
# cs = fa1cc3e + the G1 convolution split mod X^64 -+ 1 (g1_conv_fold, two halves of 33
# taps, g1_conv_unfold: half the products); final13 = fa1cc3e. Correctness of cs on CUDA
# first (the convolution's stage tests and mutants, end-to-end tests), then one blob and
# the convolution forced on 64 blobs (each benchmark checks its results first), twice.
set -u
O=/tmp/r93; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r93.tgz -C /tmp r93; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-cs --version; } > $O/devices.txt 2>&1
timeout 120 .gpu/gpucheck-cs run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.eip7594.*,fk20.pool.*,mutant_fk20.wrong_conv_tap,mutant_fk20.wrong_conv_piece' > $O/cs-tests-cuda.txt 2>&1; echo "cs tests rc=$? $(tail -1 $O/cs-tests-cuda.txt)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/cs-tests-cuda.txt | head
save
for round in 1 2; do
  order="final13 cs"; [ $round = 2 ] && order="cs final13"
  for b in $order; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.g1_conv' --samples 20 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
for b in final13 cs; do
  timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline' --param fk20.g1_conv_max_batch=64 --samples 3 > $O/$b-conv64.txt 2>&1; echo "$b conv64 rc=$?"
  grep -E '^\s+PASS|FAIL|ERROR' $O/$b-conv64.txt | cut -c1-100
done
save
