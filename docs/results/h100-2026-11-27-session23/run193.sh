#!/usr/bin/env bash
# Session 23: one blob's schedule (s23b; measurement switches GC_X_*): UFIRST = u's MSM
# queued before U_2's; CELLSQ2 = the cells and flags read on queue 2 (after queue 1's cells)
# and handed to the caller while the rest runs; COMMITFIRST = the commitment before the
# cells on queue 1. One blob two rounds of 20 per form, interleaved; 8 and 16 blobs; a
# launch timeline (s23bt = s23b + cuda_trace.patch) of UFIRST+CELLSQ2.
set -u
O=/tmp/r193; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r193.tgz -C /tmp r193; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s23b
run() { local tag=$1 f=$2 n=$3 u=$4 cq=$5 cf=$6
  GC_X_UFIRST=$u GC_X_CELLSQ2=$cq GC_X_COMMITFIRST=$cf timeout 100 $G bench --device cuda:0 --filter $f --samples $n > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | tr '\n' ' ')"; }
for r in 1 2; do
  run b1-base-r$r fk20.bench.L64.b1.pipeline 20 0 0 0
  run b1-U-r$r fk20.bench.L64.b1.pipeline 20 1 0 0
  run b1-C-r$r fk20.bench.L64.b1.pipeline 20 0 1 0
  run b1-UC-r$r fk20.bench.L64.b1.pipeline 20 1 1 0
  run b1-UCF-r$r fk20.bench.L64.b1.pipeline 20 1 1 1
  run b1-CF-r$r fk20.bench.L64.b1.pipeline 20 0 1 1
  el; save
done
for t in base:0:0:0 UC:1:1:0 UCF:1:1:1; do IFS=: read tag u cq cf <<< "$t"; run b816-$tag 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline' 10 $u $cq $cf; done
el; save
GC_X_UFIRST=1 GC_X_CELLSQ2=1 GC_CUDA_TRACE=$O/trace-b1-UC.txt timeout 100 .gpu/gpucheck-s23bt bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 20 --no-fork > $O/trace-run.txt 2>&1; echo "trace rc=$?"; tail -36 $O/trace-b1-UC.txt
el; save
