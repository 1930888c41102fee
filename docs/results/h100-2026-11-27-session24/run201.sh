#!/usr/bin/env bash
# Session 24: the batches' G1 convolution by Straus (g1_conv_straus, s24b) against the G1
# FFTs: the stage tests and mutant through CUDA, each map alone at 32 / 64 / 128 blobs,
# and cells + proofs with and without it (--param fk20.g1_straus_min_batch=32).
set -u
O=/tmp/r201; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r201.tgz -C /tmp r201; }
G=.gpu/gpucheck-s24b
timeout 200 $G run --device cuda:0 --filter "fk20.L64.g1_straus.row1,fk20.L64.g1_straus.rows,fk20.L64.g1_conv.rows,mutant_fk20.wrong_straus_phi_sign" > $O/tests.txt 2>&1
echo "tests rc=$? $(grep -E '^\s+(PASS|FAIL|SKIP|BROKEN)' $O/tests.txt | awk '{print $1, $2}' | tr '\n' ' ')"; save
f=""; for b in 32 64 128; do f="$f,fk20.bench.L64.b$b.g1_ffts,fk20.bench.L64.b$b.g1_straus"; done
timeout 200 $G bench --device cuda:0 --filter "${f#,}" --samples 10 > $O/maps.txt 2>&1
echo "maps rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/maps.txt | awk '{print $2, $3}' | tr '\n' ' ')"; save
f=""; for b in 32 64 128; do f="$f,fk20.bench.L64.b$b.cells_proofs"; done
for round in 1 2; do
  timeout 150 $G bench --device cuda:0 --filter "${f#,}" --samples 10 > $O/cp-ffts-$round.txt 2>&1
  echo "ffts $round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/cp-ffts-$round.txt | awk '{print $2, $3}' | tr '\n' ' ')"
  timeout 150 $G bench --device cuda:0 --filter "${f#,}" --samples 10 --param fk20.g1_straus_min_batch=32 > $O/cp-straus-$round.txt 2>&1
  echo "straus $round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/cp-straus-$round.txt | awk '{print $2, $3}' | tr '\n' ' ')"
  save
done
