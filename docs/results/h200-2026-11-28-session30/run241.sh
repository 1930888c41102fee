#!/usr/bin/env bash
# Session 30, the last call: (1) 64 and 128 blobs reading the blobs' flags last (s30g =
# cb322d8 + flags_last.patch, --param fk20.flags_last_max_batch=128) against after the
# polynomial (the default), alternating, three rounds; (2) the targets with the session's
# kernels (s30d = cb322d8), then ckzg 2.1.8 (16 blobs, precompute 8, one and all cores).
set -u
O=/tmp/r241; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r241.tgz -C /tmp r241; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s30g; D=.gpu/gpucheck-s30d
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $D --version; nproc; } > $O/devices.txt 2>&1
t test 100 $G run --device cuda:0 --param fk20.flags_last_max_batch=128 --filter 'fk20.eip7594.*'
for round in 1 2 3; do
  t b64-def-$round 40 $G bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-fl-$round 40 $G bench --device cuda:0 --param fk20.flags_last_max_batch=128 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-def-$round 40 $G bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-fl-$round 40 $G bench --device cuda:0 --param fk20.flags_last_max_batch=128 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
t cp 80 $D bench --device cuda:0 -v --filter "fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.commitment" --samples 10
t b1 30 $D bench --device cuda:0 -v --filter fk20.bench.L64.b1.cells_proofs --samples 20
t cp64 30 $D bench --device cuda:0 -v --filter fk20.bench.L64.b64.cells_proofs --samples 10
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 100 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -6 $O/ckzg.txt
save
