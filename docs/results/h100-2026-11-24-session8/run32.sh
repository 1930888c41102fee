#!/usr/bin/env bash
# additive carry chains (Fp/Fr add, sub, final subtraction) + G1 single stages split over two queues (gpucheck-a)
# against 8ea563a's tree (gpucheck-s3): A/B benches
set -u
O=/tmp/a; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/a.tgz -C /tmp a; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-a --version; .gpu/gpucheck-s3 --version; } > $O/devices.txt 2>&1
B='bls12_381.bench.fp_mul_ptx,bls12_381.bench.fp_sqr_ptx,bls12_381.bench.g1_dbl_ptx,bls12_381.bench.g1_add_ptx'
for v in s3 a; do
timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter "$B" --samples 9 > $O/bls-bench-$v.txt 2>&1; echo "== bls $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bls-bench-$v.txt
done
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.msm'
for v in s3 a s3 a; do
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
timeout 60 .gpu/gpucheck-a bench --device cuda:0 --filter 'fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.proofs' --samples 5 --param fk20.queues=1 > $O/bench-a-q1.txt 2>&1; echo "== a queues=1 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-a-q1.txt
save
