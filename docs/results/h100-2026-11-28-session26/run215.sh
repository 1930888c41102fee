#!/usr/bin/env bash
# Session 26, final call on f38cc4f (s26c: the batches' convolution split twice, its
# products launched first) with 4590da9 (s25c, the session's start kernels) beside: tests
# through CUDA and NVIDIA OpenCL of the stages the change touches (both convolutions:
# their folds and helpers changed) and end to end; the targets' benchmarks (cells + proofs
# at 1 / 32 / 64 / 128 blobs, the pipeline, commitments); ckzg 2.1.8 (16 blobs,
# precompute 8, one and all cores).
set -u
O=/tmp/r215; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r215.tgz -C /tmp r215; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s26c B=.gpu/gpucheck-s25c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t cuda-tests 150 $N run --device cuda:0 --filter 'fk20.L64.g1_conv.*,fk20.L64.g1_straus.*,fk20.eip7594.*,-fk20.bench.*'
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-tests 120 $N run --device $CL --filter 'fk20.L64.g1_straus.rows,fk20.L64.g1_conv.rows'
unset OCL_ICD_FILENAMES
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 120 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -6 $O/ckzg.txt; save
t warm-old 60 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3
f="fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do t new-$round 60 $N bench --device cuda:0 --filter "$f" --samples 10; t base-$round 60 $B bench --device cuda:0 --filter "$f" --samples 10; done
for round in 1 2; do t new-b1-$round 30 $N bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20; t base-b1-$round 30 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20; done
t new-commit 40 $N bench --device cuda:0 --filter 'fk20.bench.L64.b64.commitment' --samples 10
for x in $O/new-*.txt $O/base-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
