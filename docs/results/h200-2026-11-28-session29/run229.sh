#!/usr/bin/env bash
# Session 29: the blobs' upload in fewer transfers (--param fk20.upload_transfers=N; 0 is
# HEAD's one transfer per 256 KB chunk, 32 at 64 blobs). run228's 64-blob timeline showed
# the 32 transfers back to back for 776 us before the first kernel. s29u = 8d9ed12 + the
# param; s29ut = the same + cuda_trace2.patch. Both tables at 17 teeth (run228: faster here).
set -u
O=/tmp/r229; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r229.tgz -C /tmp r229; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
G=.gpu/gpucheck-s29u; T=.gpu/gpucheck-s29ut
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,pcie.link.gen.max,pcie.link.width.max --format=csv; $G --version; nproc; } > $O/devices.txt 2>&1
c="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
S="--param fk20.comb_teeth=17"
for round in 1 2; do
  for u in 0 1 2 4 8; do
    t u$u-$round 60 $G bench --device cuda:0 $S --param fk20.upload_transfers=$u --filter "$c" --samples 10
  done
done
for u in 1 2; do
  GC_CUDA_TRACE=$O/trace-b64-u$u.txt t tr-u$u 60 $T bench --device cuda:0 $S --param fk20.upload_transfers=$u --filter fk20.bench.L64.b64.cells_proofs --samples 4 --warmup 1
done
save
