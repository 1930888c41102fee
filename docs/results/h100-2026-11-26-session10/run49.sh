#!/usr/bin/env bash
# Where the 64-blob pipeline's time goes beyond its stages (a3e6054): an nsys timeline of one
# pipeline benchmark (kernels, copies, host API), else ncu's per-kernel times
set -u
O=/tmp/pf; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/pf.tgz -C /tmp pf; }
G=.gpu/gpucheck-final
NSYS=$(command -v nsys || ls /usr/local/cuda*/bin/nsys /opt/nvidia/nsight-systems*/bin/nsys /usr/local/cuda*/nsight-systems*/bin/nsys 2>/dev/null | head -1)
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; $G --version; echo "nsys: $NSYS"; $NSYS --version; command -v ncu; } > $O/devices.txt 2>&1; cat $O/devices.txt
# warm the kernel cache first so the profile holds no compile
timeout 120 $G bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline' --samples 3 > /dev/null 2>&1
for b in b64 b1; do
if [ -n "$NSYS" ]; then
  timeout 200 $NSYS profile -t cuda,osrt -o $O/nsys-$b --force-overwrite true $G bench --device cuda:0 --filter "fk20.bench.L64.$b.pipeline" --samples 3 --warmup 1 --no-fork > $O/nsys-run-$b.txt 2>&1; echo "nsys $b rc=$?"
  timeout 200 $NSYS stats -r cuda_gpu_trace,cuda_gpu_kern_sum,cuda_gpu_mem_time_sum,cuda_api_sum -f csv -o $O/st-$b $O/nsys-$b.nsys-rep > $O/nsys-stats-$b.txt 2>&1; echo "stats rc=$?"
  rm -f $O/nsys-$b.sqlite
else
  M=gpu__time_duration.sum,launch__grid_size,launch__block_size
  timeout 200 ncu --clock-control none --metrics $M --csv --log-file $O/ncu-$b.csv $G bench --device cuda:0 --filter fk20.bench.L64.$b.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-$b.txt 2>&1; echo "ncu $b rc=$?"
fi
save
done
ls -la $O
