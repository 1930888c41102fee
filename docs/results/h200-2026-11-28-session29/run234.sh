#!/usr/bin/env bash
# Session 29, the targets again on the H200 with the session's last kernels (s29c = 562c8cf: three taps for 64 blobs, both
# comb tables at 17 teeth from 128 GB, g1_sum_tree with several outputs a work-group):
# cells + proofs at 1 / 64 / 128 blobs and commitments of 64, two rounds; L = 16, 512
# blobs; then ckzg 2.1.8 (16 blobs, precompute 8, one and all cores) for the ratios.
set -u
O=/tmp/r234; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r234.tgz -C /tmp r234; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s29c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $G --version; nproc; lscpu | grep 'Model name'; } > $O/devices.txt 2>&1
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.commitment,fk20.bench.L64.b64.pipeline"
for round in 1 2; do
  t cp-$round 60 $G bench --device cuda:0 -v --filter "$c" --samples 10
  t b1-$round 30 $G bench --device cuda:0 -v --filter fk20.bench.L64.b1.cells_proofs --samples 20
done
t l16 90 $G bench --device cuda:0 -v --filter fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.msm --samples 5
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 150 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg.txt
save
