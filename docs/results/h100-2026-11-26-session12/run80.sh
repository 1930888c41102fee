#!/usr/bin/env bash
# final12 (8bc0f8d's tree): the six tests run79.sh's time limit left out, on CUDA
set -u
O=/tmp/r80; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
G=.gpu/gpucheck-final12
timeout 200 $G run --device cuda:0 --filter 'mutant_fk20.wrong_conv_piece,mutant_fk20.wrong_team_lane,fk20.eip7594.ckzg_cases,fk20.eip7594.consensus_vectors,fk20.pool.one_device,fk20.pool.two_contexts' > $O/final12-rest-run-cuda.txt 2>&1; echo "rest rc=$? $(tail -1 $O/final12-rest-run-cuda.txt)"
grep -E '^\s+(PASS|FAIL|ERROR|SKIP)' $O/final12-rest-run-cuda.txt | cut -c1-90
tar czf $OUT/r80.tgz -C /tmp r80
