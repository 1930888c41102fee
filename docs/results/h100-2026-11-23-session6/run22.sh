#!/usr/bin/env bash
# new pass order (commitment beside the FK20 MSM, reads after everything is queued) and threaded host copies: A/B by env, tests
set -u
O=/tmp/x; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/x.tgz -C /tmp x; }
G=.gpu/gpucheck-x
F='fk20.bench.L64.b1.pipeline,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline,fk20.bench.L16.b512.pipeline'
for v in "0 0" "1 1" "1 0" "0 1" "0 0" "1 1"; do
  set -- $v
  GC_EXP_EARLY=$1 GC_EXP_PAR=$2 GC_EXP_TRACE=$O/trace-$1$2.txt timeout 100 $G bench --device cuda:0 --filter "$F" --samples 10 > $O/bench-$1$2.txt 2>&1
  echo "== early=$1 par=$2"; grep -E "^\s+(PASS|FAIL|ERROR)" $O/bench-$1$2.txt
done
save
timeout 120 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*' > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests rc=$? $(tail -1 $O/fk20-run-cuda.txt)"
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 150 $G run --device "$id" --filter 'fk20*,-fk20.bench*' > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt)"
save
