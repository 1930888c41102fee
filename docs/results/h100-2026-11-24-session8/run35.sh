#!/usr/bin/env bash
# k = 3ad08e1 (Jacobian single stages, 128 regs); jp = k + Jacobian products in the fused pairs and the convolution;
# jl10 = k with GC_OCCUPANCY(64, 10) on g1_fft_stage; k with single stages at 64/128 blobs
set -u
O=/tmp/k; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/k.tgz -C /tmp k; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; for v in k jp jl10; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.g1_ffts'
for v in k jp k jp; do
  timeout 80 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
timeout 60 .gpu/gpucheck-k bench --device cuda:0 --filter 'fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts' --samples 5 --param fk20.g1_pair_max_points=0 > $O/bench-k-single.txt 2>&1; echo "== k single stages rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-k-single.txt
for v in k jl10; do
timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L16.b512.g1_ffts' --samples 5 > $O/bench16-$v.txt 2>&1; echo "== L16 $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench16-$v.txt
done
save
timeout 150 .gpu/gpucheck-jp run --device cuda:0 --filter 'fk20.L64*,fk20.eip7594*,mutant_fk20*' > $O/fk20-run-jp.txt 2>&1; echo "fk20 jp rc=$? $(tail -1 $O/fk20-run-jp.txt) $(el)"
save
