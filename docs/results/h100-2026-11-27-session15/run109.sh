#!/usr/bin/env bash
# Final of the fifteenth session: 007c1df (the comb's columns in two parts for one-term MSM
# work-items, small passes' blob flags read last) side by side with the FK20 GPU project and
# ckzg 2.1.8 in one call; the 4 GB mode; the whole fk20 suite and every fk20 mutant on CUDA;
# the MSM's, convolution's, cells' and commitment's tests on NVIDIA OpenCL; one blob three
# more rounds of 20
set -u
O=/tmp/fin15; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin15.tgz -C /tmp fin15; }
G=.gpu/gpucheck-s15g
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; } > $O/devices.txt 2>&1
OUT=$O timeout 150 bash .peer/run_fk20_cuda.sh > $O/peer-run.log 2>&1; echo "peer rc=$? $(el)"; cat $O/peer-fk20-cuda/summary.txt 2>/dev/null | head -14
save
F='fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.msm,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.cells,fk20.bench.L64.b1.commitment,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
timeout 150 $G bench --device cuda:0 --filter "$F" --samples 10 -v --json $O/fk20-bench-sidebyside.json > $O/fk20-bench-sidebyside.txt 2>&1; echo "== ours $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)|teeth|MB" $O/fk20-bench-sidebyside.txt | head -34
save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg-bench.txt
save
timeout 120 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L16.b512.proofs' --param fk20.comb_teeth=11 --samples 5 -v > $O/fk20-bench-teeth11.txt 2>&1; echo "teeth11 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL)|MB" $O/fk20-bench-teeth11.txt | head
save
