#!/usr/bin/env bash
# Session 17: the pieces' points of passes above one blob all from u by doublings (s17p1:
# KZG_CONV_PIECES_MSM_MAX_BATCH 1) against U_2 from an MSM at every convolution pass
# (s17p8: 8, = e2d0a14's behaviour): 8 blobs and one blob, three rounds alternating; the
# 8-blob stages; the end-to-end tests (s17p1).
set -u
O=/tmp/r128; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r128.tgz -C /tmp r128; }
for v in s17p1 s17p8; do .gpu/gpucheck-$v --version; done
for round in 1 2 3; do
  for v in s17p1 s17p8; do
    echo "$v b8 r$round $(timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline' --samples 10 2>&1 | tee $O/$v-b8-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"
  done
done
for round in 1 2; do
  for v in s17p1 s17p8; do
    echo "$v b1 r$round $(timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 2>&1 | tee $O/$v-b1-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100)"
  done
done
for v in s17p1 s17p8; do echo "$v"; timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.proofs,fk20.bench.L64.b8.msm' --samples 10 2>&1 | tee $O/$v-b8-stages.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100; done
save
timeout 100 .gpu/gpucheck-s17p1 run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-s17p1.txt 2>&1; echo "tests s17p1 rc=$? $(tail -1 $O/tests-s17p1.txt)"
save
