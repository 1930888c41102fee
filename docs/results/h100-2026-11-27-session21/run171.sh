#!/usr/bin/env bash
# The fused a b + c d in the projective, XYZZ-doubling and Jacobian formulas (s21d = 77f00f2
# + those) against s21c (77f00f2: the MSM's XYZZ addition only): CUDA tests of G1 and the
# FK20 stages through both G1 maps, mutants, then benchmarks A/B in one call.
set -u
O=/tmp/r171; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r171.tgz -C /tmp r171; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for v in s21c s21d; do .gpu/gpucheck-$v --version; done > $O/devices.txt 2>&1
timeout 300 .gpu/gpucheck-s21d run --device cuda:0 --filter 'bls12_381.g1.*,bls12_381.fp.ops_ptx,bls12_381.g1.fft512_ptx,fk20.L64.*,fk20.L16.g1_fft*,fk20.eip7594.*,mutant_fk20.*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | head
save
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | tr '\n' ' ')"; }
for r in 1 2; do for v in s21c s21d; do
  run $v-r$r $v 'fk20.bench.L64.b1.msm,fk20.bench.L64.b1.proofs,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b16.pipeline' 10
  run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20
done; done
el; save
run l16-s21c s21c fk20.bench.L16.b512.proofs 5
run l16-s21d s21d fk20.bench.L16.b512.proofs 5
el; save
