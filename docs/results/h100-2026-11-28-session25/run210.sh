#!/usr/bin/env bash
# Session 25: the Fr FFTs fused with their neighbours (s25b) against cb4b2f4 (s25a): tests
# through CUDA and NVIDIA OpenCL (cells, circulant rows, end to end, the two mutants);
# stages and cells + proofs at 1 / 64 / 128 blobs, interleaved, two rounds.
set -u
O=/tmp/r210; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r210.tgz -C /tmp r210; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s25b B=.gpu/gpucheck-s25a
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t cuda-tests 150 $N run --device cuda:0 --filter 'fk20.L64.cells.*,fk20.L*.circulant_fft.*,fk20.eip7594.*,mutant_fk20.wrong_fr_twiddle,mutant_fk20.wrong_circulant_index,-fk20.bench.*'
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-tests 100 $N run --device $CL --filter 'fk20.L64.cells.rows,fk20.L64.circulant_fft.rows,fk20.eip7594.consensus_vectors'
unset OCL_ICD_FILENAMES
f=""; for b in 1 64 128; do for s in cells circulant_fft cells_proofs; do f="$f,fk20.bench.L64.b$b.$s"; done; done
for round in 1 2; do t new-$round 100 $N bench --device cuda:0 --filter "${f#,}" --samples 10; t old-$round 100 $B bench --device cuda:0 --filter "${f#,}" --samples 10; done
for x in $O/new-*.txt $O/old-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
