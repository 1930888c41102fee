#!/usr/bin/env bash
# Session 18: the commitment of a one-blob pass after the FK20 MSM (beside the convolution)
# instead of beside the MSM step, and the comb's column parts that frees (s18a), against
# the session's start (s17z = a8f00ec, the same code as c3aa6fb). One blob: four variants
# of s18a (placement x parts) beside s17z, three rounds of 20; 8 and 16 blobs with the
# commitment after the MSM (commit_after_msm_max_batch=16) against beside it (0); stages;
# then the end-to-end tests with both placements.
set -u
O=/tmp/r135; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r135.tgz -C /tmp r135; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17z s18a; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
run1() { # tag binary params...
  local tag=$1 v=$2; shift 2
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | cut -c1-110)"
}
for v in s17z s18a; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3; do
  run1 base-r$r s17z
  run1 new-r$r s18a
  run1 newp1-r$r s18a --param fk20.msm_parts=1
  run1 old-r$r s18a --param fk20.commit_after_msm_max_batch=0
  run1 oldp2-r$r s18a --param fk20.commit_after_msm_max_batch=0 --param fk20.msm_parts=2
done
echo "b1 $(el)"; save
for r in 1 2; do
  for a in 0 16; do
    timeout 90 .gpu/gpucheck-s18a bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline' --samples 10 --param fk20.commit_after_msm_max_batch=$a > $O/b816-a$a-r$r.txt 2>&1; echo "b8/16 after=$a r$r rc=$? "; grep -E '^\s+(PASS|FAIL)' $O/b816-a$a-r$r.txt | cut -c1-110
  done
done
echo "b816 $(el)"; save
F='fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.cells'
timeout 120 .gpu/gpucheck-s18a bench --device cuda:0 --filter "$F" --samples 10 > $O/s18a-stages.txt 2>&1; echo "stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/s18a-stages.txt | cut -c1-110
save
for a in 1 16; do
  timeout 150 .gpu/gpucheck-s18a run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*' --param fk20.commit_after_msm_max_batch=$a > $O/tests-a$a.txt 2>&1; echo "tests after=$a rc=$? $(tail -1 $O/tests-a$a.txt) $(el)"
done
save
