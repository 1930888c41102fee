#!/usr/bin/env bash
# blk2 = blk with the row blocks limited to passes of at most 8 blobs: the rule as committed,
# against final (a37be75); its fk20 tests on CUDA
set -u
O=/tmp/r67; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r67.tgz -C /tmp r67; }
{ nvidia-smi --query-gpu=name,driver_version --format=csv; for b in final blk2; do .gpu/gpucheck-$b --version; done; } > $O/devices.txt 2>&1
F="fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.poly,fk20.bench.L64.b64.poly,fk20.bench.L64.b64.pipeline"
for round in 1 2 3; do
  for b in final blk2; do
    timeout 100 .gpu/gpucheck-$b bench --device cuda:0 --filter "$F" --samples 20 --json $O/ab-$b-$round.json > $O/ab-$b-$round.txt 2>&1
    echo "== $b $round"; grep -E '^\s+PASS|FAIL' $O/ab-$b-$round.txt | cut -c1-110
  done
done
save
timeout 200 .gpu/gpucheck-blk2 run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20.wrong_fr_twiddle' > $O/blk2-fk20-run-cuda.txt 2>&1; echo "blk2 fk20 cuda rc=$? $(tail -1 $O/blk2-fk20-run-cuda.txt)"
save
