#!/usr/bin/env bash
# Session 23: one blob's stages alone (s22m = the kernels of HEAD), 20 samples each.
set -u
O=/tmp/r190; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r190.tgz -C /tmp r190; }
G=.gpu/gpucheck-s22m
f=""; for s in pipeline poly cells circulant_fft msm g1_conv compress commitment proofs; do f="$f,fk20.bench.L64.b1.$s"; done
timeout 200 $G bench --device cuda:0 --filter "${f#,}" --samples 20 > $O/stages-b1.txt 2>&1
echo "b1 rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/stages-b1.txt | awk '{print $2, $3}' | tr '\n' ' ')"; save
