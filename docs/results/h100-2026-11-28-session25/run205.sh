#!/usr/bin/env bash
# Session 25: cells_beside_straus.patch measured. s25base = HEAD 4d18bbc; s25-cb = HEAD +
# the patch (the cells on queue 1 beside the batches' convolution). Interleaved, two rounds,
# cells + proofs and the pipeline at 64 / 128 blobs; the patched binary's end-to-end tests
# through CUDA; launch timelines (cuda_trace.patch) of both at 64 and 128 blobs.
set -u
O=/tmp/r205; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r205.tgz -C /tmp r205; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s25base --version; } > $O/devices.txt 2>&1
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
t cb-tests 200 .gpu/s25-cb run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool.*,-fk20.bench.*'
f="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do
  t base-$round 100 .gpu/gpucheck-s25base bench --device cuda:0 --filter "$f" --samples 10
  t cb-$round 100 .gpu/s25-cb bench --device cuda:0 --filter "$f" --samples 10
done
for x in base-1 cb-1 base-2 cb-2; do echo "$x $(med $O/$x.txt)"; done
for b in 64 128; do
  for v in base cb; do
    GC_CUDA_TRACE=$O/trace-$v-b$b.txt timeout 100 .gpu/s25-$v-trace bench --device cuda:0 --filter fk20.bench.L64.b$b.cells_proofs --samples 3 --no-fork > $O/tr-$v-b$b.txt 2>&1
    echo "trace $v b$b rc=$? $(med $O/tr-$v-b$b.txt) $(el)"
  done
done
save
