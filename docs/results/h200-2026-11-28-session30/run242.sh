#!/usr/bin/env bash
# Session 30: the committed code (s30h = cb322d8's code) through CUDA: the vectors and the
# convolution's and MSM's tests and mutants that run239.sh's step limit cut off.
set -u
O=/tmp/r242; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r242.tgz -C /tmp r242; }
H=.gpu/gpucheck-s30h
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; $H --version; } > $O/devices.txt 2>&1
timeout 400 $H run --device cuda:0 --filter 'fk20.eip7594.*,fk20.L64.compress.row1,mutant_fk20.wrong_conv_team_lane,mutant_fk20.wrong_team_lane,mutant_fk20.wrong_sum_tree_stride' > $O/test.txt 2>&1; echo "rc=$?"; grep -E "PASS|FAIL|INTERR|passed" $O/test.txt | head -20
timeout 60 $H bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20 > $O/b1.txt 2>&1; grep -E "PASS|FAIL" $O/b1.txt
save
