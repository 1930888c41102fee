#!/usr/bin/env bash
# the square's device mutant and the bls tests run30 left unrun (gpucheck-s3: s2 + the sqr_carry mutant registered)
set -u
O=/tmp/s3; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/s3.tgz -C /tmp s3; }
G=.gpu/gpucheck-s3
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
timeout 100 $G run --device cuda:0 --filter 'mutant_bls12_381.sqr_carry*,mutant_bls12_381.mul_carry.fp_ops_ptx,bls12_381.fp.ops_ptx' > $O/bls-sqr-mutants.txt 2>&1; echo "sqr mutants rc=$? $(tail -1 $O/bls-sqr-mutants.txt) $(el)"
save
timeout 200 $G run --device cuda:0 --filter 'bls12_381.g1.fft512*,bls12_381.g1.fft*' > $O/bls-fft.txt 2>&1; echo "bls ffts rc=$? $(tail -1 $O/bls-fft.txt) $(el)"
save
