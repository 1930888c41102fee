#!/usr/bin/env bash
# Session 31: the convolutions' last fold made by the compression (s31e = 3b691ac) against
# 406adbd (s31a): through CUDA the vectors (the pieces' convolution), ckzg's cases, the
# stages alone (which still unfold), the unfold's mutant through both convolutions; then
# one blob and 64 blobs alternating, three rounds; 128 blobs with the batch-affine comb
# against msm_comb, three rounds; 64 blobs at 2 and 4 taps.
set -u
O=/tmp/r249; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r249.tgz -C /tmp r249; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2; shift 2
  timeout $lim "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
E=.gpu/gpucheck-s31e; A=.gpu/gpucheck-s31a
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $E --version; $A --version; } > $O/devices.txt 2>&1
t test 200 $E run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.g1_conv.row1,fk20.L64.g1_straus.*,fk20.L64.compress.*,mutant_fk20.wrong_unfold_sign'
t test-straus 120 $E run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,mutant_fk20.wrong_unfold_sign' --param fk20.g1_conv_max_batch=0 --param mutant_fk20.g1_conv_max_batch=0
for round in 1 2 3; do
  t b1-new-$round 60 $E bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b1-old-$round 60 $A bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t b64-new-$round 60 $E bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b64-old-$round 60 $A bench --device cuda:0 --filter fk20.bench.L64.b64.cells_proofs --samples 10
  t b128-new-$round 60 $E bench --device cuda:0 --filter fk20.bench.L64.b128.cells_proofs --samples 10
  t b128-aff-$round 60 $E bench --device cuda:0 --param fk20.msm_affine=1 --filter fk20.bench.L64.b128.cells_proofs --samples 10
done
t b64-t2 60 $E bench --device cuda:0 --param fk20.g1_straus_taps=2 --filter fk20.bench.L64.b64.cells_proofs --samples 10
t b64-t4 60 $E bench --device cuda:0 --param fk20.g1_straus_taps=4 --filter fk20.bench.L64.b64.cells_proofs --samples 10
save
