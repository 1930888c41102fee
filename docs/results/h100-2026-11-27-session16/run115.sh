#!/usr/bin/env bash
# A (1cb0ee7's kernels): one blob's pipeline and proofs with the convolution's products by
# teams of 2 (the default through CUDA), 4 and 1 (--param fk20.conv_team), and the
# pipeline's MSMs in two parts (--param fk20.msm_parts=2) now that the convolution is
# shorter; three rounds of 20.
set -u
O=/tmp/r115; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r115.tgz -C /tmp r115; }
.gpu/gpucheck-s16a bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 2 > /dev/null 2>&1
for round in 1 2 3; do
  for v in "t2:" "t4:--param fk20.conv_team=4" "t1:--param fk20.conv_team=1" "p2:--param fk20.msm_parts=2"; do
    tag=${v%%:*}; args=${v#*:}
    timeout 60 .gpu/gpucheck-s16a bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.proofs' --samples 20 $args > $O/$tag-r$round.txt 2>&1; echo "$tag r$round rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/$tag-r$round.txt | cut -c1-100
  done
done
save
