#!/usr/bin/env bash
# Session 21: the comb tables' teeth swapped (FK20's 17, the commitment's 16: 60 GiB)
# against the default (16, 17: 48 GiB) in one call: one blob three rounds of 20, 64 and 128
# blobs two rounds, the 64-blob commitments.
set -u
O=/tmp/r163; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r163.tgz -C /tmp r163; }
G=.gpu/gpucheck-s21a
run() { # tag filter samples params...
  local tag=$1 f=$2 n=$3; shift 3
  timeout 120 $G bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)|MB' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2; do
  run def-b1-r$r fk20.bench.L64.b1.pipeline 20
  run t1716-b1-r$r fk20.bench.L64.b1.pipeline 20 --param fk20.comb_teeth=17 --param fk20.commit_teeth=16
done
save
for r in 1 2; do
  run def-big-r$r 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' 10 -v
  run t1716-big-r$r 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' 10 -v --param fk20.comb_teeth=17 --param fk20.commit_teeth=16
done
save
