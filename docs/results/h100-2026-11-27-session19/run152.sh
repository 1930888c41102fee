#!/usr/bin/env bash
# Session 19, final figures in one call: s19f (4b5f283) beside s18l (the session's start:
# b8f3b4e's code, the launches of 03711a3): one blob three rounds of 20; 8, 16, 64 and 128
# blobs and the 64-blob commitments (-v: the precomputation); ckzg 2.1.8 on this machine;
# the 4 GB mode (11 teeth) at one and 64 blobs.
set -u
O=/tmp/r152; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r152.tgz -C /tmp r152; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s18l s19f; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
B1=fk20.bench.L64.b1.pipeline
for r in 1 2 3; do for v in s18l s19f; do
  timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter $B1 --samples 20 > $O/$v-b1-r$r.txt 2>&1; echo "$v b1 r$r rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$r.txt | cut -c1-110)"
done; done
save
for v in s18l s19f; do
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' --samples 10 -v > $O/$v-many.txt 2>&1; echo "$v many rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)|MB' $O/$v-many.txt | cut -c1-110 | head -12
done
save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 90 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg-bench.txt
save
timeout 60 .gpu/gpucheck-s19f bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline' --param fk20.comb_teeth=11 --samples 5 -v > $O/s19f-teeth11.txt 2>&1; echo "teeth11 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL)|MB" $O/s19f-teeth11.txt | head -6
save
