#!/usr/bin/env bash
# Final of the fourteenth session: the convolution by teams of two for one blob (default
# through CUDA) on ca9a9df (the cells' FFT by blocks, the commitment's two-level sums), side
# by side with the FK20 GPU project and ckzg 2.1.8 in one call; the 4 GB mode; the whole
# fk20 suite and every fk20 mutant on CUDA; the convolution's tests on NVIDIA OpenCL; one
# blob three more rounds of 20
set -u
O=/tmp/fin14; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin14.tgz -C /tmp fin14; }
G=.gpu/gpucheck-s14i
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
timeout 280 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fin14-fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fin14-fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fin14-fk20-run-cuda.txt | head
save
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 120 $G run --device "$CL" --filter 'fk20.L64.g1_conv*,fk20.L64.cells*,fk20.L64.commitment*,mutant_fk20.wrong_conv*,mutant_fk20.lost_conv_wrap_sign,fk20.eip7594.*' > $O/fin14-opencl.txt 2>&1; echo "opencl ($CL) rc=$? $(tail -1 $O/fin14-opencl.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fin14-opencl.txt | head
save
for round in 1 2 3; do
  timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/b1-round$round.txt 2>&1; echo "b1 round $round rc=$?"; grep -E '^\s+PASS|FAIL' $O/b1-round$round.txt | cut -c1-100
done
save
