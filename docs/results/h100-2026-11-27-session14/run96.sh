#!/usr/bin/env bash
# One blob's second queue: A = 7b4f5d7 (HEAD), B = the cells' FFT by blocks for small
# passes, the commitment's 4,096 partial sums in two g1_sum_tree launches, the blob flags
# read last; C = B + the commitment beside the convolution instead of the FK20 MSM.
# Three rounds of A/B/C; the stages alone; Nsight Compute's per-kernel times of B.
set -u
O=/tmp/s14b; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s14b.tgz -C /tmp s14b; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
for v in a b c; do .gpu/gpucheck-s14$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 2 > /dev/null 2>&1; done
for round in 1 2 3; do
  for v in a b c; do
    timeout 60 .gpu/gpucheck-s14$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline' --samples 20 > $O/b1-$v-r$round.txt 2>&1; echo "$v r$round rc=$? $(grep -E '^\s+(PASS|FAIL)' $O/b1-$v-r$round.txt | cut -c1-100)"
  done
done
save
for v in a b; do
  timeout 90 .gpu/gpucheck-s14$v bench --device cuda:0 --filter 'fk20.bench.L64.b1.cells,fk20.bench.L64.b1.commitment,fk20.bench.L64.b1.poly,fk20.bench.L64.b1.proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline' --samples 10 > $O/stages-$v.txt 2>&1; echo "stages $v rc=$? $(el)"; grep -E '^\s+(PASS|FAIL)' $O/stages-$v.txt | cut -c1-100
done
save
M=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
timeout 120 ncu --clock-control none --metrics $M --csv --log-file $O/ncu-b1-b.csv .gpu/gpucheck-s14b bench --device cuda:0 --filter fk20.bench.L64.b1.pipeline --samples 1 --warmup 0 --no-fork > $O/ncu-run-b1-b.txt 2>&1; echo "ncu rc=$? $(el)"
timeout 200 .gpu/gpucheck-s14b run --device cuda:0 --filter 'fk20.L64.cells*,fk20.L64.commitment*,fk20.L64.poly*,fk20.eip7594.*,fk20.pool.*' > $O/tests-b.txt 2>&1; echo "tests b rc=$? $(tail -1 $O/tests-b.txt) $(el)"
save
