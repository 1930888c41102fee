#!/usr/bin/env bash
# Tests of the session's last code (s21e) through CUDA: every fk20 test but the benchmarks
# (L = 64 stages; L = 32 and 16 stages, end to end, pool).
set -u
O=/tmp/r172; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r172.tgz -C /tmp r172; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s21e
t() { local tag=$1 lim=$2; shift 2
  timeout $lim $G run "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED)' -A2 $O/$tag.txt | head -8; save; }
t fk20-L64-cuda 290 --device cuda:0 --filter 'fk20.L64.*,-fk20.bench.*'
t fk20-rest-cuda 290 --device cuda:0 --filter 'fk20.L32.*,fk20.L16.*,fk20.eip7594.*,fk20.pool.*,-fk20.bench.*'
