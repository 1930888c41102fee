#!/usr/bin/env bash
# Session 18: the pass's host order: s18e (9467498: the proofs' steps queued before queue
# 1's) and s18f (s18e + the reads of queue 1 first, the proofs' last) against s17z
# (a8f00ec). One blob three rounds of 20; 8, 16, 64 and 128 blobs; a launch timeline of
# s18f at one blob (s18ft: s18f + cuda_trace.patch); Nsight Compute on one blob's
# convolution products and MSM in the pipeline; the end-to-end and pool tests through
# CUDA and NVIDIA's OpenCL.
set -u
O=/tmp/r139; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r139.tgz -C /tmp r139; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s17z s18e s18f; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
for v in s17z s18e s18f; do .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 2 > /dev/null 2>&1; done
for r in 1 2 3; do for v in s17z s18e s18f; do
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 > $O/$v-b1-r$r.txt 2>&1; echo "$v b1 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$r.txt | cut -c1-110)"
done; done
echo "b1 $(el)"; save
for r in 1 2; do for v in s17z s18f; do
  timeout 90 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline' --samples 10 > $O/$v-b816-r$r.txt 2>&1; echo "$v b8/16 r$r rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/$v-b816-r$r.txt | cut -c1-110
done; done
for v in s17z s18f; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/$v-big.txt 2>&1; echo "$v big rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-big.txt | cut -c1-110
done
save
GC_CUDA_TRACE=$O/trace-s18f-b1.txt timeout 60 .gpu/gpucheck-s18ft bench --device cuda:0 --filter $B1 --samples 5 > $O/trace-bench.txt 2>&1; echo "trace rc=$?"
timeout 200 ncu --clock-control none -k regex:'g1_conv_taps_team|msm_comb' --launch-skip 6 --launch-count 6 --section SpeedOfLight --section WarpStateStats --section SchedulerStats --section Occupancy --section LaunchStats --csv --page details --log-file $O/ncu-b1.csv .gpu/gpucheck-s18f bench --device cuda:0 --filter $B1 --samples 3 --warmup 0 --no-fork > $O/ncu-run.txt 2>&1; echo "ncu rc=$? $(el)"
save
timeout 150 .gpu/gpucheck-s18f run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
CL=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 .gpu/gpucheck-s18f devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 200 .gpu/gpucheck-s18f run --device "$CL" --filter 'fk20.eip7594.*,fk20.pool*' > $O/tests-ocl.txt 2>&1; echo "ocl tests rc=$? $(tail -1 $O/tests-ocl.txt) $(el)"
save
