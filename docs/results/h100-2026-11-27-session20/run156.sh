#!/usr/bin/env bash
# Session 20: where the host's time goes in a call (s20p = s20b + host_profile.patch:
# per-call host phases, written to GC_KZG_HOST_PROFILE) at 1, 16, 64 and 128 blobs; the
# 64-blob cells on queue 0 after the MSM instead of beside the first pair launch
# (GC_KZG_CELLS_BESIDE_PAIRS=0, measurement only), three rounds of 10; the commitment
# before the cells at one blob (s20b, --param fk20.commit_first=1), four rounds of 20.
set -u
O=/tmp/r156; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r156.tgz -C /tmp r156; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s20b --version; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for b in 1 16 64 128; do
  GC_KZG_HOST_PROFILE=$O/hostprof-b$b.txt run prof-b$b s20p fk20.bench.L64.b$b.pipeline 10
  cat $O/hostprof-b$b.txt
done
el; save
for r in 1 2 3; do
  run def-b64-r$r s20p fk20.bench.L64.b64.pipeline 10
  GC_KZG_CELLS_BESIDE_PAIRS=0 run cq0-b64-r$r s20p fk20.bench.L64.b64.pipeline 10
done
el; save
for r in 1 2 3 4; do
  run def-b1-r$r s20b fk20.bench.L64.b1.pipeline 20
  run cf-b1-r$r s20b fk20.bench.L64.b1.pipeline 20 --param fk20.commit_first=1
done
el; save
