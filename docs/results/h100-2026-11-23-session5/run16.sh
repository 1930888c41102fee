#!/usr/bin/env bash
# side by side on the H100: the FK20 GPU project (L = 16, 512 rows), ckzg 2.1.8 and our benchmarks, one call
set -u
G=.gpu/gpucheck-eo; O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-eo --version; } > /tmp/x/devices.txt 2>&1
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
OUT=$O bash .peer/run_fk20_cuda.sh > /dev/null 2>&1; cat $O/peer-fk20-cuda/summary.txt 2>/dev/null | head -20
save
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
$G bench --device cuda:0 --filter "$F" --samples 10 --json $O/fk20-bench-sidebyside.json > $O/fk20-bench-sidebyside.txt 2>&1; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-sidebyside.txt
$G bench --device cuda:0 --filter "$F" --samples 10 --param fk20.comb_teeth=10 --json $O/fk20-bench-teeth10.json > $O/fk20-bench-teeth10.txt 2>&1; echo "== 10 teeth (4 GB mode)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-teeth10.txt
save
pip install -q --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; tail -12 $O/ckzg-bench.txt
save
F2='fk20.bench.L64.b64.msm,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.msm,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b128.commitment,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.compress'
$G bench --device cuda:0 --filter "$F2" --samples 10 --json $O/fk20-bench-stages.json > $O/fk20-bench-stages.txt 2>&1; echo "== stages"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/fk20-bench-stages.txt
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
save
