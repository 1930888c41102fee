#!/usr/bin/env bash
# Session 17, final benchmarks: the session's code (s17h: 5927539)
# beside its start (s16c: 5dacb1a + the same 8-blob benchmark configuration) in one call:
# one blob four rounds of 20 and 8 blobs three rounds of 10 alternating, the stages at 1
# and 8 blobs; 64 and 128 blobs and the commitments (s17h); ckzg 2.1.8 on this machine;
# the 4 GB mode (11 teeth).
set -u
O=/tmp/fin17d; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/fin17d.tgz -C /tmp fin17d; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; for v in s16c s17h; do .gpu/gpucheck-$v --version; done; nproc; } > $O/devices.txt 2>&1; cat $O/devices.txt
for v in s16c s17h; do .gpu/gpucheck-$v bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
for round in 1 2 3 4; do
  for v in s16c s17h; do
    timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/$v-b1-r$round.txt 2>&1; echo "$v b1 r$round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b1-r$round.txt | cut -c1-100)"
  done
done
for round in 1 2 3; do
  for v in s16c s17h; do
    timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline' --samples 10 > $O/$v-b8-r$round.txt 2>&1; echo "$v b8 r$round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/$v-b8-r$round.txt | cut -c1-100)"
  done
done
save
F='fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.msm,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.cells,fk20.bench.L64.b8.proofs,fk20.bench.L64.b8.msm,fk20.bench.L64.b8.g1_conv'
for v in s16c s17h; do
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter "$F" --samples 10 > $O/$v-stages.txt 2>&1; echo "$v stages rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/$v-stages.txt | cut -c1-100
done
save
timeout 150 .gpu/gpucheck-s17h bench --device cuda:0 --filter 'fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment' --samples 10 -v > $O/s17h-big.txt 2>&1; echo "big rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)|MB' $O/s17h-big.txt | head -12
save
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --target /tmp/ckzg-site .whl/*.whl > /dev/null 2>&1 && PYTHONPATH=/tmp/ckzg-site PYTHONUNBUFFERED=1 timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 2 --precompute 0,8 --procs 1,$(nproc) --json $O/ckzg-bench.json > $O/ckzg-bench.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -10 $O/ckzg-bench.txt
save
timeout 90 .gpu/gpucheck-s17h bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline' --param fk20.comb_teeth=11 --samples 5 -v > $O/s17h-teeth11.txt 2>&1; echo "teeth11 rc=$? $(el)"; grep -E "^\s+(PASS|FAIL)|MB" $O/s17h-teeth11.txt | head
save
