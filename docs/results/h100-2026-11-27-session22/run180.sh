#!/usr/bin/env bash
# Session 22: the team kernels' register budget by launch size (s22g), its capped twin at
# 10 warps an SM (s22h), msm_comb at 4 groups an SM and the parts' combination at 8 (s22i),
# the budget with the small multiples' ladder on constants (s22j), against s21f (start):
# tests of s22j through CUDA (both budgets forced), then stages and pipelines A/B.
set -u
O=/tmp/r180; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r180.tgz -C /tmp r180; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s21f s22g s22j; do .gpu/gpucheck-$v --version; done; } > $O/devices.txt 2>&1; head -2 $O/devices.txt
t() { local tag=$1 lim=$2; shift 2
  timeout $lim .gpu/gpucheck-s22j run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
t tests-field 100 --device cuda:0 --filter 'bls12_381.fp.ops_ptx,bls12_381.fp.laws_ptx,bls12_381.fp.fib_ptx,bls12_381.g1.ops_ptx,bls12_381.g1.mul_ptx,mutant_bls12_381.mul_small_step.fp_ops_ptx,fk20.eip7594.ckzg_cases'
for w in 8 12; do t tests-w$w 100 --device cuda:0 --filter 'fk20.L64.g1_fft.rows,fk20.L64.g1_ifft_truncate.row1,fk20.L64.g1_conv.row1,fk20.L64.g1_conv.rows' --param fk20.team_sm_warps=$w; done
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | head -12 | tr '\n' ' ')"; }
S='fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.msm,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts'
for v in s21f s22g s22h s22i s22j; do run $v-s-r1 $v $S 7; done; el; save
for v in s21f s22g s22j; do run $v-s-r2 $v $S 7; done; el; save
for v in s21f s22g s22j; do run $v-p-r1 $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done; el; save
run s22h-p-r1 s22h fk20.bench.L64.b128.pipeline 10; run s22i-p-r1 s22i fk20.bench.L64.b1.pipeline 20; el; save
[ $(( $(date +%s) - T0 )) -lt 470 ] && { for v in s21f s22g s22j; do run $v-p-r2 $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done; el; save; }
