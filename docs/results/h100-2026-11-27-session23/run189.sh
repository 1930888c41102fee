#!/usr/bin/env bash
# Session 23: every stage of a 64- and a 128-blob pass alone (s22m = 5c53b8a, the kernels of
# HEAD b16088c), beside the pipeline, to place the time outside the MSM and the G1 FFTs.
set -u
O=/tmp/r189; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r189.tgz -C /tmp r189; }
G=.gpu/gpucheck-s22m
$G --version > $O/devices.txt
for b in 64 128; do
  f=""; for s in pipeline poly cells circulant_fft msm g1_ffts compress commitment; do f="$f,fk20.bench.L64.b$b.$s"; done
  timeout 200 $G bench --device cuda:0 --filter "${f#,}" --samples 7 > $O/stages-b$b.txt 2>&1
  echo "b$b rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/stages-b$b.txt | awk '{print $2, $3}' | tr '\n' ' ')"; save
done
