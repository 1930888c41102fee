#!/usr/bin/env bash
# dedicated Fp square as CIOS rows (gpucheck-s2) against 978b299 (gpucheck-f): SASS, benches, tests
set -u
O=/tmp/s2; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s2.tgz -C /tmp s2; }
G=.gpu/gpucheck-s2
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; .gpu/gpucheck-f --version; } > $O/devices.txt 2>&1
/usr/local/cuda/bin/cuobjdump -sass .gpu/sass/bench_sqr.cubin > $O/bench_sqr.sass 2>&1
B='bls12_381.bench.fp_mul_ptx,bls12_381.bench.fp_sqr_ptx,bls12_381.bench.g1_dbl_ptx,bls12_381.bench.g1_add_ptx'
for v in f s2; do
timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter "$B" --samples 9 > $O/bls-bench-$v.txt 2>&1; echo "== bls $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bls-bench-$v.txt
done
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.msm'
for v in f s2 f s2; do
  timeout 75 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
timeout 150 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*,mutant_bls12_381*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests+mutants rc=$? $(tail -1 $O/bls-run-cuda.txt) $(el)"
save
timeout 150 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests+mutants rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
save
