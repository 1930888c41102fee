#!/usr/bin/env bash
# Session 25: fr_fft_row_blocks in local memory (s25-fftloc: every Fr FFT and the circulant
# rows through it) against HEAD (s25base). Stage tests through CUDA; stages and cells +
# proofs at 1 / 64 / 128 blobs, interleaved, two rounds.
set -u
O=/tmp/r207; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r207.tgz -C /tmp r207; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
t tests 200 .gpu/s25-fftloc run --device cuda:0 --filter 'fk20.L64.poly.*,fk20.L64.cells.*,fk20.L64.circulant_fft.*,fk20.L16.circulant_fft.*,fk20.L16.poly.*,mutant_fk20.wrong_fr_twiddle,fk20.eip7594.*'
f=""; for b in 1 64 128; do for s in poly cells circulant_fft cells_proofs; do f="$f,fk20.bench.L64.b$b.$s"; done; done
for round in 1 2; do
  for v in gpucheck-s25base s25-fftloc; do t $v-$round 100 .gpu/$v bench --device cuda:0 --filter "${f#,}" --samples 10; done
done
for x in $O/*-[12].txt; do echo "$(basename $x .txt) $(med $x)"; done
save
