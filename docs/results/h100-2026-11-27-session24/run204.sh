#!/usr/bin/env bash
# Session 24, 39c500c (s24e): tests through CUDA (every fk20 L64 and end-to-end test but the
# benchmarks, the batches' convolution at 2 / 4 / 8 taps with its mutant), through NVIDIA
# OpenCL the new stage; then cells + proofs and the pipeline at 32 / 64 / 128 blobs with the
# batches' convolution (the default) and without (--param fk20.g1_straus_min_batch=0), two
# round each; ckzg 2.1.8 on the same machine (16 blobs, precompute 8, 1 and all cores).
set -u
O=/tmp/r204; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r204.tgz -C /tmp r204; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
G=.gpu/gpucheck-s24e
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $G --version; } > $O/devices.txt 2>&1
t() { local tag=$1 lim=$2; shift 2
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
t fk20-cuda 200 run --device cuda:0 --filter 'fk20.L64.*,fk20.eip7594.*,fk20.pool.*,-fk20.bench.*'
for taps in 2 4 8; do
  t straus-t$taps 60 run --device cuda:0 --filter 'fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_phi_sign' --param fk20.g1_straus_taps=$taps --param mutant_fk20.g1_straus_taps=$taps
done
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($G devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl 90 run --device $CL --filter 'fk20.L64.g1_straus.rows,fk20.L64.g1_straus.row1'
unset OCL_ICD_FILENAMES
f="fk20.bench.L64.b1.cells_proofs"; for b in 32 64 128; do f="$f,fk20.bench.L64.b$b.cells_proofs,fk20.bench.L64.b$b.pipeline"; done
for round in 1; do
  t straus-$round 120 bench --device cuda:0 --filter "${f#,}" --samples 10
  t ffts-$round 120 bench --device cuda:0 --filter "${f#,}" --samples 10 --param fk20.g1_straus_min_batch=0
done
for x in straus-1 ffts-1; do echo "$x $(awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $O/$x.txt | sed 's/bench.L64.//g')"; done
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 200 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg.txt; save
