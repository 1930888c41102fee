#!/usr/bin/env bash
# Session 14, first call: 7b4f5d7 (g1_conv_unfold folded into g1_conv_fold) on CUDA: the fk20
# suite and every fk20 mutant (the new lost_conv_wrap_sign among them), the pipelines'
# benchmarks, and Nsight Compute's per-kernel times of one one-blob pass
set -u
O=/tmp/s14a; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14a.tgz -C /tmp s14a; }
G=.gpu/gpucheck-s14a
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; command -v ncu; } > $O/devices.txt 2>&1; cat $O/devices.txt
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline'
timeout 150 $G bench --device cuda:0 --filter "$F" --samples 10 -v --json $O/bench.json > $O/bench.txt 2>&1; echo "bench rc=$? $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench.txt | cut -c1-110
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
timeout 120 ncu --clock-control none --metrics $M --csv --log-file $O/ncu-b1.csv $G bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-b1.txt 2>&1; echo "ncu b1 rc=$? $(el)"
save
timeout 330 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/fk20-run-cuda.txt | head
save
