#!/usr/bin/env bash
# Session 24: cells + proofs without commitments (c-kzg's compute_cells_and_kzg_proofs)
# beside the pipeline with commitments, 1 / 64 / 128 blobs, two rounds (s24a = HEAD + the
# cells_proofs benchmark; the kernels are HEAD's).
set -u
O=/tmp/r199; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r199.tgz -C /tmp r199; }
G=.gpu/gpucheck-s24a
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv > $O/gpu.txt 2>&1
for round in 1 2; do
  timeout 250 $G bench --device cuda:0 --filter "fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.cells_proofs" --samples 20 > $O/b1-$round.txt 2>&1
  echo "b1 round $round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b1-$round.txt | awk '{print $2, $3}' | tr '\n' ' ')"
  timeout 250 $G bench --device cuda:0 --filter "fk20.bench.L64.b64.pipeline,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b128.cells_proofs" --samples 10 > $O/b64-$round.txt 2>&1
  echo "b64/128 round $round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b64-$round.txt | awk '{print $2, $3}' | tr '\n' ' ')"
  save
done
