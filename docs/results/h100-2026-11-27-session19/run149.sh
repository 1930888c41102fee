#!/usr/bin/env bash
# Session 19: the blobs' upload pipelined (s19c = a02f223 + gc_buffer_write_async and
# kzg_pipelined_ranges: each chunk's transfer queued, not waited for, as soon as the
# threads copied it) against s19b (a02f223's code): 64 and 128 blobs three rounds of 10,
# one and 16 blobs two rounds of 20; the end-to-end and pool tests through CUDA and NVIDIA
# OpenCL.
set -u
O=/tmp/r149; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r149.tgz -C /tmp r149; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s19b s19c; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
for v in s19b s19c; do .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
echo "warm $(el)"
for r in 1 2 3; do for v in s19b s19c; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-big-r$r.txt 2>&1; echo "$v r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-big-r$r.txt | cut -c1-110
done; done
save
for r in 1 2; do for v in s19b s19c; do
  timeout 100 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b16.pipeline' --samples 20 > $O/$v-small-r$r.txt 2>&1; echo "$v small r$r rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-small-r$r.txt | cut -c1-110
done; done
save
T='fk20.eip7594.*,fk20.pool*'
timeout 150 .gpu/gpucheck-s19c run --device cuda:0 --filter "$T" > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s19c devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 200 .gpu/gpucheck-s19c run --device "$CL" --filter "$T" > $O/tests-ocl.txt 2>&1; echo "ocl ($CL) tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
