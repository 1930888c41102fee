#!/usr/bin/env bash
# Session 24: taps per work-item of g1_conv_straus, 2 / 4 / 8 (s24c-t2, s24c = 1a3f6a2,
# s24c-t8): the map alone at 32 / 64 / 128 blobs and cells + proofs at 64 / 128; then
# Nsight Compute on the 4-tap kernel at 64 and 128 blobs.
set -u
O=/tmp/r202; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r202.tgz -C /tmp r202; }
f="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for v in t2 "" t8; do
  G=.gpu/gpucheck-s24c${v:+-$v}
  timeout 150 $G bench --device cuda:0 --filter "$f" --samples 10 > $O/taps${v:-t4}.txt 2>&1
  echo "${v:-t4} rc=$? $(grep -A1 -E '^\s+(PASS|FAIL)' $O/taps${v:-t4}.txt | grep -E '^\s+[0-9]' | awk '{print $1}' | tr '\n' ' ')"; save
done
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,smsp__inst_executed.sum,smsp__warps_active.avg.per_cycle_active,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,dram__bytes_read.sum,smsp__average_warp_latency_issue_stalled_lg_throttle,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct,smsp__warp_issue_stalled_wait_per_warp_active.pct
for b in 64 128; do
  timeout 200 ncu --clock-control none -k regex:'g1_conv_straus' --metrics "$M" --csv --log-file $O/ncu-b$b.csv .gpu/gpucheck-s24c bench --device cuda:0 --filter fk20.bench.L64.b$b.g1_straus --samples 1 --warmup 0 --no-fork > $O/ncu-run-b$b.txt 2>&1; echo "ncu b$b rc=$?"
done
save
