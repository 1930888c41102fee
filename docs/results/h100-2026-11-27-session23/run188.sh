#!/usr/bin/env bash
# Session 23: a pass in two halves (s23a: split_pass_steps), the second half's MSM and
# commitment beside the first half's G1 pairs: 64 and 128 blobs with split_min=0 (off) and
# 2 (on), interleaved, two rounds; the consensus vectors and ckzg cases through CUDA split.
set -u
O=/tmp/r188; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r188.tgz -C /tmp r188; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s23a
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { local tag=$1 f=$2 n=$3; shift 3
  timeout 150 $G bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | tr '\n' ' ')"; }
timeout 200 $G run --device cuda:0 --filter 'fk20.eip7594.*' --param fk20.split_min=2 --param fk20.g1_conv_max_batch=0 > $O/e2e-split.txt 2>&1; echo "e2e rc=$? $(tail -1 $O/e2e-split.txt) $(el)"; grep -E '^\s+(PASS|FAIL)' $O/e2e-split.txt
save
for r in 1 2; do for s in 0 2; do run r$r-s$s 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10 --param fk20.split_min=$s; done; el; save; done
run s2-b32 'fk20.bench.L64.b32.pipeline' 10 --param fk20.split_min=2 --param fk20.g1_conv_max_batch=8
run s0-b32 'fk20.bench.L64.b32.pipeline' 10 --param fk20.split_min=0
el; save
