#!/usr/bin/env bash
# XYZZ accumulator in msm_comb (gpucheck-z) against c4ad223 (gpucheck-c4): tests, A/B
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-z
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; .gpu/gpucheck-c4 --version; } > $O/devices.txt 2>&1
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 90 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
timeout 100 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests rc=$? $(tail -1 $O/bls-run-cuda.txt)"
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.msm,fk20.bench.L64.b64.commitment,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.msm,fk20.bench.L16.b512.pipeline,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.proofs'
for v in c4 z c4 z; do
  timeout 130 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 7 > $O/bench-$v.txt 2>&1; echo "== $v rc=$?"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
done
save
