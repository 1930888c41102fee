#!/usr/bin/env bash
# Session 22, final figures in one call: s22m (5c53b8a: the team kernels' register budgets,
# the small multiples' ladder) beside s21f (the start's kernels, 8d3b060 = 1a06eb5's): one
# blob two rounds of 20; 8, 16, 64, 128 blobs and the 64-blob commitments; 64 and 128 blobs
# a second round; L = 16 512 blobs; ckzg 2.1.8 on this machine; then fk20 mutants the last
# call left (as time allows).
set -u
O=/tmp/r183; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r183.tgz -C /tmp r183; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s21f s22m; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1
  echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)|MB' $O/$tag.txt | awk '/PASS|FAIL/ {print $2, $3} /MB/ {print "[" $0 "]"}' | head -12 | tr '\n' ' ')"; }
for r in 1 2; do for v in s21f s22m; do run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20; done; done
el; save
for v in s21f s22m; do run $v-many $v 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' 10 -v; done
for v in s21f s22m; do run $v-big-r2 $v 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done
el; save
for v in s21f s22m; do run $v-l16 $v fk20.bench.L16.b512.proofs 5; done
el; save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 90 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg-bench.txt
save
left=$(( 560 - ($(date +%s) - T0) ))
[ $left -gt 40 ] && { timeout $left .gpu/gpucheck-s22m run --device cuda:0 --filter 'mutant_fk20.*,-mutant_fk20.wrong_fr_twiddle,-mutant_fk20.dropped_msm_term,-mutant_fk20.wrong_g1_twiddle,-mutant_fk20.wrong_circulant_index,-mutant_fk20.wrong_g1_pair_product,-mutant_fk20.wrong_conv_tap,-mutant_fk20.wrong_g1_half_rows' > $O/mutants-rest.txt 2>&1; echo "mutants rc=$? $(tail -1 $O/mutants-rest.txt) $(el)"; grep -E '^\s+(PASS|FAIL|INTERRUPTED)' $O/mutants-rest.txt | awk '{print $1, $2}' | tr '\n' ';'; }
save
