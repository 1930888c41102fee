#!/usr/bin/env bash
# Session 22: the small multiples' ladder (s22a) and the teams' halved exchange (s22b =
# s22a + shuffles) against s21f (the start's kernels): tests through CUDA first, then
# formula throughput, G1 stages and pipelines A/B, alternating, in one call.
set -u
O=/tmp/r177; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r177.tgz -C /tmp r177; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s21f s22a s22b; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
t() { local tag=$1 lim=$2; shift 2
  timeout $lim .gpu/gpucheck-s22b run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
t tests-cuda 150 --device cuda:0 --filter 'bls12_381.fp.ops_ptx,bls12_381.fr.ops_ptx,bls12_381.fp.laws_ptx,bls12_381.g1.ops_ptx,bls12_381.g1.mul_ptx,mutant_bls12_381.mul_small_step.fp_ops_ptx,mutant_bls12_381.add_carry.fp_ops_ptx,fk20.L64.g1_pairs*,fk20.L64.g1_conv.row1,fk20.eip7594.ckzg_cases'
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$tag.txt | awk '{print $2, $3}' | head -12 | tr '\n' ' ')"; }
for r in 1 2; do for v in s21f s22a s22b; do
  run $v-f-r$r $v 'bls12_381.bench.g1_add_ptx,bls12_381.bench.g1_dbl_ptx,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts' 7
done; done; el; save
for r in 1 2; do for v in s21f s22b; do
  run $v-p-r$r $v 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10
done; done; el; save
[ $(( $(date +%s) - T0 )) -lt 480 ] && { for v in s21f s22b; do run $v-l16 $v fk20.bench.L16.b512.g1_ffts 3; done; el; save; }
