#!/usr/bin/env bash
# A = 8f82c9b + the convolution's taps in pairs (r/4 products of differences per output
# instead of r/2 + 1 products: 65 slots instead of 129). Against I (51a7fc8, the same
# kernels as 8f82c9b): one blob's pipeline three rounds of 20, the proofs and the
# convolution's stage; 64 blobs' convolution stage (slices of 8) against its G1 FFTs; the
# convolution's tests and mutants on CUDA.
set -u
O=/tmp/r113; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r113.tgz -C /tmp r113; }
B() { .gpu/gpucheck-$1 bench --device cuda:0 "${@:2}"; }
for v in s15i s16a; do B $v --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1; done
for round in 1 2 3; do
  for v in s15i s16a; do
    timeout 60 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/$v-r$round.txt 2>&1; echo "$v r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/$v-r$round.txt | cut -c1-100
  done
done
save
for v in s15i s16a; do
  timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.proofs,fk20.bench.L64.b1.g1_conv,fk20.bench.L64.b64.g1_conv' --samples 10 > $O/$v-stages.txt 2>&1; echo "$v stages rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/$v-stages.txt | cut -c1-100
done
save
timeout 200 .gpu/gpucheck-s16a run --device cuda:0 --filter 'fk20.L64.g1_conv*,fk20.eip7594.*,mutant_fk20.wrong_conv_tap,mutant_fk20.lost_conv_wrap_sign,mutant_fk20.wrong_conv_piece,mutant_fk20.wrong_conv_team_lane' > $O/s16a-tests.txt 2>&1; echo "tests rc=$? $(tail -1 $O/s16a-tests.txt)"
grep -E '^\s+(PASS|FAIL|ERROR|BROKEN)' $O/s16a-tests.txt | cut -c1-90
save
