#!/usr/bin/env bash
# Session 19: the comb's column parts with their weights applied after the sums
# (s19a = 03711a3 + the deferred parts; s19at = s19a + cuda_trace.patch) against s18l
# (b8f3b4e's code = 03711a3's launches): one blob four rounds of 20; s19a at 1, 3 and 4
# parts and with the sums' trees by teams of two; one blob's stages; 64 blobs once (the
# same launches); a launch timeline of one blob; the MSM, convolution, end-to-end and pool
# tests and the MSM's mutants through CUDA.
set -u
O=/tmp/r146; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r146.tgz -C /tmp r146; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s18l s19a; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
for v in s18l s19a; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
echo "warm $(el)"
for r in 1 2 3 4; do for v in s18l s19a; do
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 > $O/$v-b1-r$r.txt 2>&1; echo "$v b1 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$r.txt | cut -c1-110)"
done; done
echo "b1 $(el)"; save
for p in "fk20.msm_parts=1" "fk20.msm_parts=3" "fk20.msm_parts=4" "fk20.sum_team=2"; do
  timeout 60 .gpu/gpucheck-s19a bench --device cuda:0 --filter $B1 --samples 20 --param $p > $O/s19a-b1-$p.txt 2>&1; echo "s19a $p rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/s19a-b1-$p.txt | cut -c1-110)"
done
for v in s18l s19a; do
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline' --samples 10 > $O/$v-stages.txt 2>&1; echo "$v stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-stages.txt | cut -c1-110
done
save
GC_CUDA_TRACE=$O/trace-s19a-b1.txt timeout 60 .gpu/gpucheck-s19at bench --device cuda:0 --filter $B1 --samples 3 > $O/s19at-b1.txt 2>&1; echo "trace rc=$? $(el)"
save
T='fk20.L64.msm.*,fk20.L16.msm.*,fk20.L64.g1_conv.*,fk20.eip7594.*,fk20.pool*,mutant_fk20.wrong_msm_part_weight,mutant_fk20.dropped_msm_term'
timeout 200 .gpu/gpucheck-s19a run --device cuda:0 --filter "$T" > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
save
