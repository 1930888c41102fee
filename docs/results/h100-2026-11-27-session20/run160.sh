#!/usr/bin/env bash
# Session 20, final figures in one call: s20f (the session's code: the trees at 32, the
# copy team, the flags' marks, the convolution's width-4 pieces through their own inlined
# product, the pairs' product as before) beside s19g (e7f657e, the session's start): one
# blob three rounds of 20; 8, 16, 64 (two rounds), 128 (two rounds) blobs and the 64-blob
# commitments; ckzg 2.1.8 on this machine; then the G1 map's tests through CUDA.
set -u
O=/tmp/r160; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r160.tgz -C /tmp r160; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s19g s20f; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
run() { # tag binary filter samples params...
  local tag=$1 v=$2 f=$3 n=$4; shift 4
  timeout 100 .gpu/gpucheck-$v bench --device cuda:0 --filter $f --samples $n "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(grep -E '^\s+(PASS|FAIL)|MB' $O/$tag.txt | cut -c1-110)"
}
for r in 1 2 3; do for v in s19g s20f; do run $v-b1-r$r $v fk20.bench.L64.b1.pipeline 20; done; done
el; save
for v in s19g s20f; do run $v-many $v 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' 10 -v; done
for v in s19g s20f; do run $v-big-r2 $v 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' 10; done
el; save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 90 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg-bench.txt
save
timeout 150 .gpu/gpucheck-s20f run --device cuda:0 --filter 'fk20.L64.g1_conv.*,fk20.L64.g1_fft.rows,fk20.eip7594.*,mutant_fk20.wrong_conv_piece,mutant_fk20.wrong_g1_pair_product' > $O/tests-cuda.txt 2>&1; echo "cuda tests rc=$? $(tail -1 $O/tests-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/tests-cuda.txt | cut -c1-90
save
