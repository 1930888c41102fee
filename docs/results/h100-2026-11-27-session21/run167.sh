#!/usr/bin/env bash
# Launch timelines (cuda_trace.patch, s21t = 51c50e1 traced): the 64-blob FK20 MSM stage
# alone, the commitment stage alone and the pipeline, to compare msm_comb alone and beside.
set -u
O=/tmp/r167; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r167.tgz -C /tmp r167; }
for s in msm commitment pipeline; do
  GC_CUDA_TRACE=$O/trace-$s.txt timeout 90 .gpu/gpucheck-s21t bench --device cuda:0 --filter fk20.bench.L64.b64.$s --samples 3 > $O/bench-$s.txt 2>&1
  echo "$s rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/bench-$s.txt | cut -c1-100)"
  grep -E "msm_comb$|g1_sum_chunks|fr_to_int" $O/trace-$s.txt | awk '{printf "%s %s %.1f %s\n", $2, $7, $4-$3, $6}' | tail -12
done
save
