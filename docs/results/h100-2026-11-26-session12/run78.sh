#!/usr/bin/env bash
# c2 (3589d0e) on NVIDIA's OpenCL: the fk20 suite (the teams' exchange through local
# memory and barriers there), and the G1 FFTs by teams of two against one work-item a product
set -u
O=/tmp/r78; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r78.tgz -C /tmp r78; }
B=.gpu/gpucheck-c2
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
id=$($B devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "device $id"
$B devices > $O/devices.txt 2>&1
timeout 200 $B run --device "$id" --filter 'fk20*,-fk20.bench*,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_g1_pair_product' > $O/c2-fk20-run-nvcl.txt 2>&1; echo "c2 fk20 nvcl rc=$? $(tail -1 $O/c2-fk20-run-nvcl.txt)"
grep -E '^\s+(FAIL|ERROR)' $O/c2-fk20-run-nvcl.txt | head
save
F="fk20.bench.L64.b64.g1_ffts,fk20.bench.L64.b128.g1_ffts"
for round in 1 2; do
  for t in 1 2; do
    timeout 60 $B bench --device "$id" --filter "$F" --param fk20.g1_team=$t --samples 10 > $O/nvcl-team$t-$round.txt 2>&1
    echo "== nvcl team=$t round $round"; grep -E '^\s+PASS|FAIL|ERROR' $O/nvcl-team$t-$round.txt | cut -c1-100
  done
done
save
