#!/usr/bin/env bash
# Session 23: one blob, base against UFIRST+CELLSQ2 (s23b), six interleaved rounds of 20:
# the processes' medians moved by +-30 us in run193.sh, more than the forms did.
set -u
O=/tmp/r194; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r194.tgz -C /tmp r194; }
G=.gpu/gpucheck-s23b
run() { local tag=$1 u=$2 cq=$3
  GC_X_UFIRST=$u GC_X_CELLSQ2=$cq timeout 100 $G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 20 > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $3, $4}' | tr '\n' ' ')"; }
for r in 1 2 3 4 5 6; do run base-r$r 0 0; run UC-r$r 1 1; done
save
