#!/usr/bin/env bash
# Session 25, final call on cb4b2f4 (s25a: the Fr FFTs in local memory) with HEAD before
# it (s25base = 4d18bbc) beside: tests through CUDA and NVIDIA OpenCL of every stage the
# change touches, the end-to-end tests and the Fr FFT's mutants; the targets' benchmarks
# (cells + proofs at 1 / 32 / 64 / 128 blobs, two rounds each binary, one blob three
# rounds of 20; the pipeline; commitments; L = 16 512 blobs); ckzg 2.1.8 (16 blobs,
# precompute 8, one and all cores).
set -u
O=/tmp/r209; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r209.tgz -C /tmp r209; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s25a B=.gpu/gpucheck-s25base
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t cuda-tests 240 $N run --device cuda:0 --filter 'fk20.L*.poly.*,fk20.L*.cells.*,fk20.L*.circulant_fft.*,fk20.L64.g1_straus.rows,fk20.eip7594.*,fk20.pool.*,mutant_fk20.wrong_fr_twiddle,mutant_fk20.wrong_circulant_index,-fk20.bench.*'
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-tests 120 $N run --device $CL --filter 'fk20.L64.poly.rows,fk20.L64.cells.rows,fk20.L64.circulant_fft.rows,fk20.L16.circulant_fft.rows,fk20.eip7594.consensus_vectors'
unset OCL_ICD_FILENAMES
f="fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do t new-$round 100 $N bench --device cuda:0 --filter "$f" --samples 10; t base-$round 100 $B bench --device cuda:0 --filter "$f" --samples 10; done
for round in 1 2 3; do t new-b1-$round 60 $N bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20; t base-b1-$round 60 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20; done
t new-other 150 $N bench --device cuda:0 --filter 'fk20.bench.L64.b64.commitment,fk20.bench.L16.b512.proofs' --samples 10
for x in $O/new-*.txt $O/base-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 150 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg.txt; save
