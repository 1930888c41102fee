#!/usr/bin/env bash
# Session 20: the session's last code (s20f = 245a5ec's code) through CUDA: every fk20
# test (stages at every L, one and many rows; end to end; pool; not the benchmarks) and
# the mutants of this session's changes and their neighbours.
set -u
O=/tmp/r161; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r161.tgz -C /tmp r161; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; .gpu/gpucheck-s20f --version; } > $O/devices.txt 2>&1; cat $O/devices.txt
timeout 200 .gpu/gpucheck-s20f run --device cuda:0 --filter 'fk20.*,-fk20.bench*' > $O/suite-cuda.txt 2>&1; echo "cuda fk20 rc=$? $(tail -1 $O/suite-cuda.txt) $(el)"
grep -E '^\s+(FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/suite-cuda.txt | cut -c1-90
save
timeout 110 .gpu/gpucheck-s20f run --device cuda:0 --filter 'mutant_fk20.wrong_sum_tree_stride,mutant_fk20.stale_blob_flag,mutant_fk20.wrong_msm_part_weight,mutant_fk20.wrong_conv_piece' > $O/mutants-cuda.txt 2>&1; echo "cuda mutants rc=$? $(tail -1 $O/mutants-cuda.txt) $(el)"
grep -E '^\s+(PASS|FAIL|SKIP|BROKEN|INCONCLUSIVE)' $O/mutants-cuda.txt | cut -c1-90
save
