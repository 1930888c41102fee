#!/usr/bin/env bash
# Session 25: (1) L = 16, 512 blobs with the local-memory Fr FFTs (s25a = cb4b2f4) against
# HEAD before it (s25base); (2) the batches' convolution capped at 204 registers
# (GC_OCCUPANCY(64, 5): 10 warps an SM instead of 8; s25-str5 = cb4b2f4 + that) against
# s25a: the map alone at 2 / 4 / 8 taps and cells + proofs, 64 and 128 blobs.
set -u
O=/tmp/r208; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r208.tgz -C /tmp r208; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
f16="fk20.bench.L16.b512.proofs,fk20.bench.L16.b512.circulant_fft,fk20.bench.L16.b512.poly"
t l16-base 150 .gpu/gpucheck-s25base bench --device cuda:0 --filter "$f16" --samples 5
t l16-new 150 .gpu/gpucheck-s25a bench --device cuda:0 --filter "$f16" --samples 5
t str5-tests 100 .gpu/s25-str5 run --device cuda:0 --filter 'fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_phi_sign'
f="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for v in gpucheck-s25a s25-str5; do t $v 100 .gpu/$v bench --device cuda:0 --filter "$f" --samples 10; done
for taps in 2 4 8; do
  for v in gpucheck-s25a s25-str5; do t $v-t$taps 100 .gpu/$v bench --device cuda:0 --filter "fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus" --samples 10 --param fk20.g1_straus_taps=$taps; done
done
for x in $O/*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
