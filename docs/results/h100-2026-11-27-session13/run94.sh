#!/usr/bin/env bash
# HEAD (the G1 convolution split mod X^64 -+ 1, ab973c8 + docs) side by side with the FK20
# GPU project and ckzg 2.1.8 in one call; the 4 GB mode; the G1 and end-to-end tests and the
# convolution mutants on CUDA; one blob three more rounds of 20
set -u
O=/tmp/fin13b; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin13b.tgz -C /tmp fin13b; }
G=.gpu/gpucheck-final13b
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; } > $O/devices.txt 2>&1
OUT=$O timeout 150 bash .peer/run_fk20_cuda.sh > $O/peer-run.log 2>&1; echo "peer rc=$? $(el)"; cat $O/peer-fk20-cuda/summary.txt 2>/dev/null | head -14
save
F='fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts,fk20.bench.L64.b64.msm,fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm,fk20.bench.L16.b512.g1_ffts'
timeout 150 $G bench --device cuda:0 --filter "$F" --samples 10 -v --json $O/fk20-bench-sidebyside.json > $O/fk20-bench-sidebyside.txt 2>&1; echo "== ours $(el)"; grep -E "^\s+(PASS|FAIL|ERROR)|teeth|MB" $O/fk20-bench-sidebyside.txt | head -30
save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg-bench.txt
save
timeout 120 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L16.b512.proofs' --param fk20.comb_teeth=11 --samples 5 -v > $O/fk20-bench-teeth11.txt 2>&1; echo "teeth11 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL)|MB" $O/fk20-bench-teeth11.txt | head
save
timeout 200 $G run --device cuda:0 --filter 'fk20.L64.g1*,fk20.eip7594.*,fk20.pool.*,mutant_fk20.wrong_conv*' > $O/final13b-fk20-run-cuda.txt 2>&1; echo "final13b fk20 cuda rc=$? $(tail -1 $O/final13b-fk20-run-cuda.txt) $(el)"
grep -E '^\s+(FAIL|ERROR)' $O/final13b-fk20-run-cuda.txt | head
save
for round in 1 2 3; do
  timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/b1-round$round.txt 2>&1; echo "b1 round $round rc=$?"; grep -E '^\s+PASS|FAIL' $O/b1-round$round.txt | cut -c1-100
done
save
