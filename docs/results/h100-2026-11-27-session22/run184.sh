#!/usr/bin/env bash
# Session 22: the bls12_381 tests and mutants that run182.sh's time limit left, through
# CUDA with the session's code (s22m = 5c53b8a).
set -u
O=/tmp/r184; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
save() { tar czf $OUT/r184.tgz -C /tmp r184; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s22m
$G --version > $O/devices.txt
timeout 420 $G run --device cuda:0 --filter 'bls12_381.*,mutant_bls12_381.*,-bls12_381.bench.*,-bls12_381.fp.*,-bls12_381.fr.*,-mutant_bls12_381.no_final_subtraction.*,-mutant_bls12_381.add_carry.*,-mutant_bls12_381.mul_carry.*' > $O/bls-rest.txt 2>&1; echo "bls-rest rc=$? $(tail -1 $O/bls-rest.txt) $(el)"
grep -E '^\s+(PASS|FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' $O/bls-rest.txt | awk '{print $1, $2}' | tr '\n' ';'; save
