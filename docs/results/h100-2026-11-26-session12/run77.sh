#!/usr/bin/env bash
# Where a 64-blob and a 128-blob pass spend their time (c2 = 3589d0e): an Nsight Systems
# timeline of the pipeline benchmark (kernels, copies, gaps), if nsys is there
set -u
O=/tmp/r77; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r77.tgz -C /tmp r77; }
B=.gpu/gpucheck-c2b
{ command -v nsys; nsys --version; ls /usr/local/cuda/bin | grep -i nsys; ls /opt/nvidia 2>/dev/null; } > $O/nsys-where.txt 2>&1; cat $O/nsys-where.txt
NSYS=$(command -v nsys || ls /opt/nvidia/nsight-systems/*/bin/nsys 2>/dev/null | head -1 || true)
for b in 64 128; do
if [ -n "$NSYS" ]; then
  timeout 150 $NSYS profile --trace=cuda,osrt --sample=none --cpuctxsw=none -o $O/b$b -f true $B bench --device cuda:0 --filter fk20.bench.L64.b$b.pipeline --samples 3 --warmup 1 --no-fork > $O/nsys-run-b$b.txt 2>&1; echo "nsys b$b rc=$?"
  timeout 100 $NSYS stats --report cuda_gpu_trace --format csv -o $O/b$b $O/b$b.nsys-rep > /dev/null 2>&1; echo "stats rc=$?"
  ls $O
fi
done
save
