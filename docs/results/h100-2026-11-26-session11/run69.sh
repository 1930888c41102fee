#!/usr/bin/env bash
# Review commit (fr_fft_row_blocks through gc_fr_fft_butterfly; one predicate for the pieces' MSM):
# the fk20 stage tests of the touched paths and their mutants on CUDA, one blob's pipeline
set -u
O=/tmp/r69; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r69.tgz -C /tmp r69; }
G=.gpu/gpucheck-head
{ nvidia-smi --query-gpu=name,driver_version --format=csv; $G --version; } > $O/devices.txt 2>&1
timeout 150 $G run --device cuda:0 --filter 'fk20.L64.poly*,fk20.L64.g1_conv*,fk20.L64.msm*,fk20.eip7594.consensus_vectors,mutant_fk20.wrong_fr_twiddle,mutant_fk20.wrong_conv_piece' > $O/run-cuda.txt 2>&1; echo "cuda rc=$? $(tail -1 $O/run-cuda.txt)"
timeout 80 $G run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors' --param fk20.g1_conv_max_batch=16 > $O/conv-pipeline-cuda.txt 2>&1; echo "conv pipeline rc=$? $(tail -1 $O/conv-pipeline-cuda.txt)"
timeout 60 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b1.poly' --samples 20 > $O/bench.txt 2>&1; grep -E '^\s+(PASS|FAIL)' $O/bench.txt | cut -c1-110
save
