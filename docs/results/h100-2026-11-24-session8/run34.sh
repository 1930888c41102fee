#!/usr/bin/env bash
# Jacobian twiddle products in the single-stage G1 kernel: j (no register bound, 250 regs), jl (GC_OCCUPANCY 64,6: 168),
# jl7 (64,7: 128) against a (XYZZ, chains + split): L = 16 benches, then the fk20 tests of jl and jl7
set -u
O=/tmp/j; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/j.tgz -C /tmp j; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; for v in a j jl jl7; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1
F='fk20.bench.L16.b512.g1_ffts,fk20.bench.L16.b512.proofs'
for v in a j jl jl7 a j jl jl7; do
  timeout 70 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 5 > $O/bench-$v.txt 2>&1; echo "== $v rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$v.txt
  cp $O/bench-$v.txt $O/bench-$v-$(date +%s).txt
  save
done
for v in jl jl7; do
timeout 120 .gpu/gpucheck-$v run --device cuda:0 --filter 'fk20.L16*,fk20.L64.x_ext_fft*,fk20.eip7594*,mutant_fk20*' > $O/fk20-run-$v.txt 2>&1; echo "fk20 $v rc=$? $(tail -1 $O/fk20-run-$v.txt) $(el)"
save
done
