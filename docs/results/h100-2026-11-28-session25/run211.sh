#!/usr/bin/env bash
# Session 25: HEAD (4590da9, s25c) through CUDA: the cells, circulant rows and end-to-end
# tests by the default path and by the fallback (--param fk20.fr_fft_blocks=0).
set -u
O=/tmp/r211; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r211.tgz -C /tmp r211; }
G=.gpu/gpucheck-s25c
{ nvidia-smi --query-gpu=name,driver_version --format=csv; $G --version; } > $O/devices.txt 2>&1
F='fk20.L64.cells.rows,fk20.L64.circulant_fft.rows,fk20.L64.poly.rows,fk20.eip7594.consensus_vectors,fk20.eip7594.ckzg_cases'
timeout 80 $G run --device cuda:0 --filter "$F" > $O/default.txt 2>&1; echo "default rc=$? $(tail -1 $O/default.txt)"; save
timeout 60 $G run --device cuda:0 --filter "$F" --param fk20.fr_fft_blocks=0 > $O/fallback.txt 2>&1; echo "fallback rc=$? $(tail -1 $O/fallback.txt)"; save
