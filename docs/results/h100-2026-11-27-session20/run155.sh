#!/usr/bin/env bash
# Session 20: where the commitment's tail lands. s20b = s20a + --param fk20.commit_first
# (queue 1 runs the commitment before the cells). One blob, three rounds of 20: default
# (trees at 32), trees at 64, commitment first, the commitment's comb in two parts
# (msm_parts=2: FK20's two deferred parts either way), both; 16 blobs two rounds of 10;
# launch timelines of the variants (s20bt = s20b + cuda_trace.patch).
set -u
O=/tmp/r155; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r155.tgz -C /tmp r155; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s20b --version; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3; do
  run def-b1-r$r s20b $B1 20
  run w64-b1-r$r s20b $B1 20 --param fk20.sum_tree_width=64
  run cf-b1-r$r s20b $B1 20 --param fk20.commit_first=1
  run p2-b1-r$r s20b $B1 20 --param fk20.msm_parts=2
  run cfp2-b1-r$r s20b $B1 20 --param fk20.commit_first=1 --param fk20.msm_parts=2
  run cfw64-b1-r$r s20b $B1 20 --param fk20.commit_first=1 --param fk20.sum_tree_width=64
done
el; save
for r in 1 2; do
  run def-b16-r$r s20b fk20.bench.L64.b16.pipeline 10
  run cf-b16-r$r s20b fk20.bench.L64.b16.pipeline 10 --param fk20.commit_first=1
  run def-b8-r$r s20b fk20.bench.L64.b8.pipeline 10
  run cf-b8-r$r s20b fk20.bench.L64.b8.pipeline 10 --param fk20.commit_first=1
done
el; save
for v in "cf:--param fk20.commit_first=1" "p2:--param fk20.msm_parts=2" "cfp2:--param fk20.commit_first=1 --param fk20.msm_parts=2"; do
  t=${v%%:*}; p=${v#*:}
  GC_CUDA_TRACE=$O/trace-$t-b1.txt timeout 60 .gpu/gpucheck-s20bt bench --device cuda:0 --filter $B1 --samples 3 $p > $O/trace-$t-bench.txt 2>&1; echo "trace $t rc=$?"
done
el; save
