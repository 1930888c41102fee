#!/usr/bin/env bash
# final binary 978b299: tests, side by side with the FK20 GPU project and ckzg 2.1.8, 4 GB mode, stages
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-f
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; } > $O/devices.txt 2>&1
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' --json $O/fk20-run-cuda.json > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
timeout 90 $G run --device cuda:0 --filter 'mutant_fk20*' > $O/fk20-mutants-cuda.txt 2>&1; echo "fk20 mutants rc=$? $(tail -1 $O/fk20-mutants-cuda.txt)"
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
save
OUT=$O timeout 150 bash .peer/run_fk20_cuda.sh > /dev/null 2>&1; echo "peer rc=$?"; cat $O/peer-fk20-cuda/summary.txt 2>/dev/null | head -12
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
timeout 150 $G bench --device cuda:0 --filter "$F" --samples 10 --json $O/fk20-bench-sidebyside.json > $O/fk20-bench-sidebyside.txt 2>&1; echo "== ours"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-sidebyside.txt
save
pip install -q --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; tail -8 $O/ckzg-bench.txt
save
