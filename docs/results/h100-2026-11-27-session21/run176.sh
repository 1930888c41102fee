#!/usr/bin/env bash
# Review: the product and the fused sum from one body (gc_mp__cios_chains; s21f) against
# s21e (7076bf8): throughput A/B in one call, the field and MSM tests and mutants on CUDA.
set -u
O=/tmp/r176; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r176.tgz -C /tmp r176; }
timeout 200 .gpu/gpucheck-s21f run --device cuda:0 --filter 'bls12_381.fp.ops_ptx,bls12_381.fr.ops_ptx,bls12_381.fp.laws_ptx,bls12_381.g1.ops_ptx,mutant_bls12_381.mul_carry.fp_ops_ptx,mutant_bls12_381.mul_carry.fr_ops_ptx,mutant_bls12_381.mul_add_carry.fp_ops_ptx,fk20.L64.msm.rows,fk20.eip7594.ckzg_cases' > $O/tests.txt 2>&1; echo "tests rc=$? $(tail -1 $O/tests.txt)"
save
for r in 1 2; do for v in s21e s21f; do
  timeout 100 .gpu/gpucheck-$v bench --device cuda:0 --filter 'bls12_381.bench.fp_mul_ptx,bls12_381.bench.fr_mul_ptx,bls12_381.bench.g1_add_ptx,bls12_381.bench.g1_dbl_ptx,fk20.bench.L64.b64.msm' --samples 9 > $O/$v-r$r.txt 2>&1
  echo "$v r$r $(grep -E '^\s+(PASS|FAIL)' $O/$v-r$r.txt | awk '{print $2, $3}' | tr '\n' ' ')"
done; done
save
