#!/usr/bin/env bash
# Session 18, final benchmarks: s18i (8629cbc + u's MSM chain queued before U_2's in a
# one-blob pass) beside s18g (8629cbc) and the session's start s17z (a8f00ec, the code of
# c3aa6fb): one blob four rounds of 20; 8, 16, 64 and 128 blobs and the 64-blob
# commitments; one blob's stages; ckzg 2.1.8 on this machine; the 4 GB mode (11 teeth);
# the end-to-end and pool tests through CUDA and NVIDIA's OpenCL.
set -u
O=/tmp/r142; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r142.tgz -C /tmp r142; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17z s18g s18i; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
for v in s17z s18g s18i; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3 4; do for v in s17z s18g s18i; do
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 > $O/$v-b1-r$r.txt 2>&1; echo "$v b1 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$r.txt | cut -c1-110)"
done; done
echo "b1 $(el)"; save
for v in s17z s18i; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' --samples 10 -v > $O/$v-many.txt 2>&1; echo "$v many rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)|MB' $O/$v-many.txt | cut -c1-110 | head -12
done
timeout 90 .gpu/gpucheck-s18i bench --device cuda:0 --filter 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.cells' --samples 10 > $O/s18i-stages.txt 2>&1; echo "stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/s18i-stages.txt | cut -c1-110
save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -10 $O/ckzg-bench.txt
save
timeout 90 .gpu/gpucheck-s18i bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline' --param fk20.comb_teeth=11 --samples 5 -v > $O/s18i-teeth11.txt 2>&1; echo "teeth11 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL)|MB" $O/s18i-teeth11.txt | head
timeout 150 .gpu/gpucheck-s18i run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s18i devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 200 .gpu/gpucheck-s18i run --device "$CL" --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-ocl.txt 2>&1; echo "ocl ($CL) tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
