#!/usr/bin/env bash
# the even/odd carry-chain Fp/Fr product as the CUDA default: bls12_381 and fk20 tests, product benchmarks, fk20 A/B against the queues build
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-eo
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; .gpu/gpucheck-q --version; } > $O/devices.txt 2>&1
timeout 150 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests rc=$? $(tail -1 $O/bls-run-cuda.txt)"
timeout 100 $G run --device cuda:0 --filter 'mutant_bls12_381*' > $O/bls-mutants-cuda.txt 2>&1; echo "bls mutants rc=$? $(tail -1 $O/bls-mutants-cuda.txt)"
save
timeout 150 $G bench --device cuda:0 --filter 'bls12_381.bench*' --samples 5 --json $O/bls-bench-cuda.json > $O/bls-bench-cuda.txt 2>&1; echo "bls bench rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bls-bench-cuda.txt
save
timeout 150 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' --json $O/fk20-run-cuda.json > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 100 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
for v in eo q; do
  timeout 170 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 --json $O/fk20-bench-$v.json > $O/fk20-bench-$v.txt 2>&1; echo "== $v rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-$v.txt
  save
done
