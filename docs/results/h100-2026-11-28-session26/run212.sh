#!/usr/bin/env bash
# Session 26: the batches' G1 convolution with its cyclic half split again (s26a = 66feb49,
# levels 2 by default) against 4590da9 (s25c, the session's start kernels): tests through
# CUDA and NVIDIA OpenCL; the stage alone at levels 1 / 2 and taps 2 / 4 / 8 (one binary);
# cells + proofs at 32 / 64 / 128 blobs, interleaved, two rounds.
set -u
O=/tmp/r212; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r212.tgz -C /tmp r212; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(tail -1 $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s26a B=.gpu/gpucheck-s25c
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t cuda-stage 90 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_*'
t cuda-stage-t2 60 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_*' --param fk20.g1_straus_taps=2 --param mutant_fk20.g1_straus_taps=2
t cuda-stage-t8 60 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_*' --param fk20.g1_straus_taps=8 --param mutant_fk20.g1_straus_taps=8
t cuda-e2e 120 $N run --device cuda:0 --filter 'fk20.eip7594.consensus_vectors,fk20.eip7594.ckzg_cases' --param fk20.g1_conv_max_batch=0
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-stage 90 $N run --device $CL --filter 'fk20.L64.g1_straus.rows,mutant_fk20.wrong_straus_*'
unset OCL_ICD_FILENAMES
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
t st-l2 60 $N bench --device cuda:0 --filter "$s" --samples 10
t st-l1 60 $N bench --device cuda:0 --filter "$s" --samples 10 --param fk20.g1_straus_levels=1
for tp in 2 4 8; do t st-l2-t$tp 60 $N bench --device cuda:0 --filter "$s" --samples 10 --param fk20.g1_straus_taps=$tp; done
f=""; for b in 32 64 128; do f="$f,fk20.bench.L64.b$b.cells_proofs"; done
for round in 1 2; do t new-$round 80 $N bench --device cuda:0 --filter "${f#,}" --samples 10; t old-$round 80 $B bench --device cuda:0 --filter "${f#,}" --samples 10; done
for x in $O/st-*.txt $O/new-*.txt $O/old-*.txt; do echo "$(basename $x .txt) $(med $x)"; done
save
