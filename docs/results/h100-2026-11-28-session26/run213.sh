#!/usr/bin/env bash
# Session 26: the batches' convolution's taps in pieces (s26b = HEAD): tests through CUDA at
# 2 and 4 pieces; the stage alone over levels / pieces / taps (one binary); cells + proofs
# at 64 / 128 blobs for the candidates against 4590da9 (s25c), interleaved, two rounds.
set -u
O=/tmp/r213; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r213.tgz -C /tmp r213; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s26b B=.gpu/gpucheck-s25c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
P="--param fk20.g1_straus"
t st-l1p1 40 $N bench --device cuda:0 --filter "$s" --samples 10 $P\_levels=1
t st-l2p1 40 $N bench --device cuda:0 --filter "$s" --samples 10
for tp in 2 4 8; do t st-l2p2t$tp 40 $N bench --device cuda:0 --filter "$s" --samples 10 $P\_pieces=2 $P\_taps=$tp; done
for tp in 4 8; do t st-l2p4t$tp 40 $N bench --device cuda:0 --filter "$s" --samples 10 $P\_pieces=4 $P\_taps=$tp; done
for x in $O/st-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
t cuda-p2 90 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*' $P\_pieces=2 --param mutant_fk20.g1_straus_pieces=2
t cuda-p4 90 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.rows,fk20.eip7594.consensus_vectors' $P\_pieces=4 --param fk20.g1_conv_max_batch=0
f="fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for round in 1 2; do
  t old-$round 40 $B bench --device cuda:0 --filter "$f" --samples 10
  t p1-$round 40 $N bench --device cuda:0 --filter "$f" --samples 10
  t p2t4-$round 40 $N bench --device cuda:0 --filter "$f" --samples 10 $P\_pieces=2 $P\_taps=4
  t p2t8-$round 40 $N bench --device cuda:0 --filter "$f" --samples 10 $P\_pieces=2 $P\_taps=8
  t p4t4-$round 40 $N bench --device cuda:0 --filter "$f" --samples 10 $P\_pieces=4 $P\_taps=4
  t p4t8-$round 40 $N bench --device cuda:0 --filter "$f" --samples 10 $P\_pieces=4 $P\_taps=8
done
for x in $O/st-*.txt $O/old-*.txt $O/p*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
