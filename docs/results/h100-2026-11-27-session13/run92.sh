#!/usr/bin/env bash
# t16 = fa1cc3e with up to 16 host threads (8 before) for the batched calls' copies into
# and out of the page-locked staging (crypto/kzg/host_copy.c); final13 = fa1cc3e. A/B of
# the pipelines, 20 samples, three rounds in alternating order.
set -u
O=/tmp/r92; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r92.tgz -C /tmp r92; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; .gpu/gpucheck-t16 --version; nproc; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
for round in 1 2 3; do
  order="final13 t16"; [ $round = 2 ] && order="t16 final13"
  for b in $order; do
    timeout 60 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 20 > $O/$b-r$round.txt 2>&1; echo "$b r$round rc=$?"
    grep -E '^\s+PASS|FAIL|ERROR' $O/$b-r$round.txt | cut -c1-100
  done
  save
done
