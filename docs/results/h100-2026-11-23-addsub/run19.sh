#!/usr/bin/env bash
# PTX carry chains for the modular addition, subtraction and final subtraction (gpucheck-add) against 79001d8 (gpucheck-eo): tests, A/B
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-add
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; .gpu/gpucheck-eo --version; } > $O/devices.txt 2>&1
timeout 100 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests rc=$? $(tail -1 $O/bls-run-cuda.txt)"
timeout 100 $G run --device cuda:0 --filter 'mutant_bls12_381*' > $O/bls-mutants-cuda.txt 2>&1; echo "bls mutants rc=$? $(tail -1 $O/bls-mutants-cuda.txt)"
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 90 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
save
B='bls12_381.bench.fp_mul_ptx,bls12_381.bench.g1_add_ptx,bls12_381.bench.g1_dbl_ptx,bls12_381.bench.g1_fft128_ptx,bls12_381.bench.g1_fft512_ptx'
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs'
for v in add eo; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter "$B,$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  save
done
