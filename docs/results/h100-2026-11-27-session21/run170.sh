#!/usr/bin/env bash
# The fused a b + c d in the MSM's XYZZ addition (s21c = b0afff7 + the fused product)
# against s21b (b0afff7: the MSM's 2^16 target): CUDA tests of the field (ops through the
# chains, the new mutant), G1, the MSM and the pipeline, then the MSM stages and the
# pipelines A/B in one call, and the one-warp product latency.
set -u
O=/tmp/r170; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r170.tgz -C /tmp r170; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s21b s21c; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 240 .gpu/gpucheck-s21c run --device cuda:0 --filter 'bls12_381.fp.*,bls12_381.fr.ops_ptx,bls12_381.g1.*,mutant_bls12_381.mul_add_carry.*,mutant_bls12_381.mul_carry.*,fk20.L64.msm*,fk20.L64.commitment*,fk20.eip7594.*,mutant_fk20.*msm*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | awk '{print $1, $2}' | tr '\n' ';'; echo
save
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | tr '\n' ' ')"; }
for r in 1 2; do for v in s21b s21c; do
  run $v-r$r $v 'fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b1.msm,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10
  run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20
done; done
el; save
run lat s21c 'bls12_381.bench.fp_mul_latency_ptx,bls12_381.bench.fp_mul_ptx' 10 -v
save
