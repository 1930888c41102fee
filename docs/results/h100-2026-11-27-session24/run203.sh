#!/usr/bin/env bash
# Session 24: g1_conv_straus's register budget (__launch_bounds__(64, 6 or 8): 168 or 128
# registers, 3 or 4 warps a scheduler, against 236 and 2 without) at 4 and 8 taps a
# work-item: the map alone at 32 / 64 / 128 blobs and cells + proofs at 64 / 128.
set -u
O=/tmp/r203; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r203.tgz -C /tmp r203; }
f="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for v in s24c s24d-t4o6 s24d-t4o8 s24d-t8o6 s24d-t8o8 s24c-t8; do
  timeout 150 .gpu/gpucheck-$v bench --device cuda:0 --filter "$f" --samples 10 > $O/$v.txt 2>&1
  echo "$v rc=$? $(awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $O/$v.txt | sed 's/bench.L64.//g')"; save
done
