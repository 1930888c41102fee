#!/usr/bin/env bash
# Session 17: the small-pass rules that followed the convolution's old limit of 8 blobs
# (cells beside the proofs, the flags read last, the polynomial's and cells' FFTs in row
# blocks) at 16 (s17s) against 8 (s17k = 8e349a3): 8, 16 and 32 blobs, two rounds of 10.
set -u
O=/tmp/r133; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r133.tgz -C /tmp r133; }
for v in s17k s17s; do .gpu/gpucheck-$v --version; done
for round in 1 2; do
  for v in s17k s17s; do
    echo "$v r$round"; timeout 120 .gpu/gpucheck-$v bench --device cuda:0 --filter 'fk20.bench.L64.b8.pipeline,fk20.bench.L64.b16.pipeline,fk20.bench.L64.b32.pipeline' --samples 10 2>&1 | tee $O/$v-r$round.txt | grep -E '^\s+(PASS|FAIL)' | cut -c1-100
  done
done
timeout 100 .gpu/gpucheck-s17s run --device cuda:0 --filter 'fk20.eip7594.*,fk20.pool*,fk20.L64.poly*,fk20.L64.cells*' > $O/tests-s17s.txt 2>&1; echo "tests s17s rc=$? $(tail -1 $O/tests-s17s.txt)"
save
