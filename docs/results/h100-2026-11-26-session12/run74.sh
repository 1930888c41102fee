#!/usr/bin/env bash
# c1 = 2abfac9 (teams of two by default): the fk20 suite and its mutants on CUDA; every
# stage benchmark at 64 and 128 blobs and one blob's pipeline; Nsight Compute on a team
# launch (teams of two) at 64 and 128 blobs
set -u
O=/tmp/r74; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r74.tgz -C /tmp r74; }
B=.gpu/gpucheck-c1
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; $B --version; } > $O/devices.txt 2>&1
timeout 150 $B bench --device cuda:0 --filter 'fk20.bench.L64.b64.*,fk20.bench.L64.b128.*,-*.g1_conv,fk20.bench.L64.b1.pipeline' --samples 10 > $O/stages.txt 2>&1; echo "stages rc=$?"
grep -E '^\s+PASS|FAIL|ERROR' $O/stages.txt | cut -c1-100
save
M='regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio,regex:sm__inst_executed_pipe_.*\.avg\.pct_of_peak_sustained_active,regex:sm__pipe_.*_cycles_active\.avg\.pct_of_peak_sustained_active,smsp__inst_executed.sum,smsp__inst_executed.max,sm__cycles_elapsed.max,smsp__warps_active.avg.per_cycle_active,launch__registers_per_thread,gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active'
for b in 64 128; do
timeout 100 ncu --clock-control none -k regex:g1_fft_pair_products_team --launch-skip 4 --launch-count 1 --metrics "$M" --csv --page raw --log-file $O/ncu-b$b-team2.csv $B bench --device cuda:0 --filter fk20.bench.L64.b$b.g1_ffts --samples 1 --warmup 0 --no-fork > $O/ncu-run-b$b.txt 2>&1; echo "ncu b$b rc=$?"
done
python3 .gpu/ncusum.py $O
save
timeout 300 $B run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/c1-fk20-run-cuda.txt 2>&1; echo "c1 fk20 cuda rc=$? $(tail -1 $O/c1-fk20-run-cuda.txt)"
grep -E '^\s+(FAIL|ERROR)' $O/c1-fk20-run-cuda.txt | head
save
