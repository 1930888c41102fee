#!/usr/bin/env bash
# Session 18: the commitment's MSM with more terms a work-item (--param
# fk20.commit_min_chunk, s18b = c3aa6fb + that knob) beside the FK20 MSM: fewer warps
# beside the MSM step's, fewer doublings a term. One blob: chunks 1/2/4/8 at the default
# one column part beside, 1/4/8 at two, against s17z (a8f00ec), three rounds of 20;
# 8 and 16 blobs: the rule's chunk (1, 2) against 4, 8, 16; 64 and 128 blobs: the rule's (8, 16)
# against 32; the commitment stage alone.
set -u
O=/tmp/r136; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r136.tgz -C /tmp r136; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17z s18b; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
run1() { local tag=$1 v=$2; shift 2
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"; }
for v in s17z s18b; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3; do
  run1 base-r$r s17z
  for ch in 1 2 4 8; do run1 p1c$ch-r$r s18b --param fk20.commit_min_chunk=$ch; done
  for ch in 1 4 8; do run1 p2c$ch-r$r s18b --param fk20.msm_parts=2 --param fk20.commit_min_chunk=$ch; done
done
echo "b1 $(el)"; save
for r in 1 2; do
  for ch in 0 4 8 16; do
    timeout 90 .gpu/gpucheck-s18b bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline' --samples 10 --param fk20.commit_min_chunk=$ch > $O/b816-c$ch-r$r.txt 2>&1; echo "b8/16 chunk>=$ch r$r rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/b816-c$ch-r$r.txt | cut -c1-110
  done
done
echo "b816 $(el)"; save
timeout 120 .gpu/gpucheck-s18b bench --device cuda:0 --filter 'fk20.bench.L64.b1.commitment,fk20.bench.L64.b8.commitment' --samples 10 > $O/commit-c0.txt 2>&1; grep -E '^\s+(PASS|FAIL)' $O/commit-c0.txt | cut -c1-110
timeout 120 .gpu/gpucheck-s18b bench --device cuda:0 --filter 'fk20.bench.L64.b1.commitment,fk20.bench.L64.b8.commitment' --samples 10 --param fk20.commit_min_chunk=4 > $O/commit-c4.txt 2>&1; grep -E '^\s+(PASS|FAIL)' $O/commit-c4.txt | cut -c1-110
save
for ch in 0 32; do
  timeout 150 .gpu/gpucheck-s18b bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 --param fk20.commit_min_chunk=$ch > $O/big-c$ch.txt 2>&1; echo "big chunk>=$ch rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/big-c$ch.txt | cut -c1-110
done
save
