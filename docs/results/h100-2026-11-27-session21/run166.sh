#!/usr/bin/env bash
# Are the two MSMs slower side by side than one after the other? 64 / 128 blobs: the MSM
# and commitment stages alone, the pipeline with two queues (default) and with one.
set -u
O=/tmp/r166; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r166.tgz -C /tmp r166; }
G=.gpu/gpucheck-s21a
run() { local tag=$1 f=$2; shift 2
  timeout 150 $G bench --device cuda:0 --filter $f --samples 10 "$@" > $O/$tag.txt 2>&1
  echo "$tag $(grep -E '^\s+PASS' $O/$tag.txt | awk '{print $2, $3}' | tr '\n' ' ')"; }
run stages 'fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.commitment,fk20.bench.L64.b128.g1_ffts'
for r in 1 2; do
  run q2-r$r 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
  run q1-r$r 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --param fk20.queues=1
done
save
