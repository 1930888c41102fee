#!/usr/bin/env bash
# Session 26: the batches' convolution at 168 registers (s26e = b62ca67 + straus_regs.patch:
# the tables' projective formulas by reference, their products called, GC_OCCUPANCY(64, 6):
# 12 warps an SM where 229 registers gave 8) against f38cc4f (s26c): the stage at 2 / 4 / 8
# taps and 64 / 128 blobs, one round each; stops where the device time runs out.
set -u
O=/tmp/r218; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r218.tgz -C /tmp r218; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g;s/bench.L64.//g'; echo; }
N=.gpu/gpucheck-s26e B=.gpu/gpucheck-s26c
{ $N --version; $B --version; } > $O/devices.txt
s="fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for tp in 2 4 8; do timeout 70 $N bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=$tp > $O/new-t$tp.txt 2>&1; echo "new-t$tp $(med $O/new-t$tp.txt)"; save; done
timeout 60 $B bench --device cuda:0 --filter "$s" --samples 5 > $O/old.txt 2>&1; echo "old $(med $O/old.txt)"; save
