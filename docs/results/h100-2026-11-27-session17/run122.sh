#!/usr/bin/env bash
# Session 17, second call: the convolution's pieces from one MSM (U_2) and 32 doublings
# (U_1, U_3; g1_conv_mul_pow32) and the folds two work-items a pair (s17a, the working
# tree; s17b = s17a + lanes4.patch: the doublings by teams of four) against 5dacb1a (s16b):
# one blob, four rounds of 20 alternating; one blob's stages; Nsight Compute's kernel
# times of one s17a one-blob pass; the convolution's tests and mutants on CUDA (s17a).
set -u
O=/tmp/r122; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r122.tgz -C /tmp r122; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s16b s17a s17b; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 200 .gpu/gpucheck-s17a run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.L64.msm*,fk20.eip7594.*,fk20.pool*,mutant_fk20.wrong_conv*,mutant_fk20.lost_conv*' > $O/tests-s17a.txt 2>&1; echo "tests s17a rc=$? $(tail -1 $O/tests-s17a.txt) $(el)"
grep -E '^\s+(FAIL|ERROR|BROKEN)' $O/tests-s17a.txt | head
timeout 100 .gpu/gpucheck-s17b run --device cuda:0 --filter 'fk20.eip7594.*,mutant_fk20.wrong_conv_piece' > $O/tests-s17b.txt 2>&1; echo "tests s17b rc=$? $(tail -1 $O/tests-s17b.txt) $(el)"
save
for v in s16b s17a s17b; do .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
for round in 1 2 3 4; do
  for v in s16b s17a s17b; do
    timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/$v-b1-r$round.txt 2>&1; echo "$v b1 r$round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$round.txt | cut -c1-100)"
  done
done
save
F='fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv'
for v in s16b s17a s17b; do
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 10 > $O/$v-stages.txt 2>&1; echo "$v stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-stages.txt | cut -c1-100
done
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
timeout 200 ncu --clock-control none --metrics $M --csv --log-file $O/ncu-b1.csv .gpu/gpucheck-s17a bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-b1.txt 2>&1; echo "ncu b1 rc=$? $(el)"
save
python3 - $O/ncu-b1.csv <<'PY'
import csv,sys
rows=list(csv.reader(open(sys.argv[1]))); h=None
for r in rows:
    if r and r[0]=='ID': h=r; continue
    if h and len(r)==len(h):
        d=dict(zip(h,r))
        if d['Metric Name']=='gpu__time_duration.sum' and int(d['ID'])>=38: print(d['ID'], d['Kernel Name'][:32], d['Grid Size'], d['Block Size'], d['Metric Value'])
PY
