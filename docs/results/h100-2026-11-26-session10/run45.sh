#!/usr/bin/env bash
# final binary (a3e6054): every fk20 and bls12_381 test and mutant on CUDA, fk20 on NVIDIA OpenCL
set -u
O=/tmp/ft; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/ft.tgz -C /tmp ft; }
G=.gpu/gpucheck-final
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; nproc; } > $O/devices.txt 2>&1
timeout 210 $G run --device cuda:0 --filter 'fk20*,-fk20.bench*,mutant_fk20*' --json $O/fk20-run-cuda.json > $O/fk20-run-cuda.txt 2>&1; echo "fk20 tests+mutants rc=$? $(tail -1 $O/fk20-run-cuda.txt) $(el)"
save
timeout 200 $G run --device cuda:0 --filter 'bls12_381*,-bls12_381.bench*,mutant_bls12_381*' > $O/bls-run-cuda.txt 2>&1; echo "bls tests+mutants rc=$? $(tail -1 $O/bls-run-cuda.txt) $(el)"
save
id=$(OCL_ICD_FILENAMES=libnvidia-opencl.so.1 $G devices | awk '/NVIDIA/ && /opencl/ {print $1; exit}'); echo "nvcl id: $id"
OCL_ICD_FILENAMES=libnvidia-opencl.so.1 timeout 170 $G run --device "$id" --filter 'fk20*,-fk20.bench*' -v > $O/fk20-run-nvcl.txt 2>&1; echo "nvcl tests rc=$? $(tail -1 $O/fk20-run-nvcl.txt) $(el)"
save
grep -E "^\s+(FAIL|ERROR|BROKEN)" $O/*.txt | head -20
grep -h "teeth" $O/fk20-run-cuda.txt | head -5
