#!/usr/bin/env bash
# The session's last code (ba1789d: the pieces' MSM beside u's on a GPU only; the same GPU path as
# 014c744): the pipelines and fk20 + mutants on CUDA, fk20 on NVIDIA OpenCL with the convolution pipeline
set -u
O=/tmp/r68; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r68.tgz -C /tmp r68; }
G=.gpu/gpucheck-head
{ nvidia-smi --query-gpu=name,driver_version --format=csv; $G --version; } > $O/devices.txt 2>&1
timeout 150 $G bench --device cuda:0 --filter 'fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs' --samples 20 -v --json $O/bench.json > $O/bench.txt 2>&1; echo "bench rc=$?"; grep -E '^\s+(PASS|FAIL)' $O/bench.txt | cut -c1-110
save
timeout 240 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 cuda rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 100 $G run --device "$id" --filter 'fk20.eip7594.consensus_vectors,fk20.pool.one_device,fk20.L64.g1_conv.row1' --param fk20.g1_conv_max_batch=16 > $O/conv-pipeline-nvcl.txt 2>&1; echo "nvcl conv pipeline rc=$? $(tail -1 $O/conv-pipeline-nvcl.txt)"
save
