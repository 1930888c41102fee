#!/usr/bin/env bash
# Session 27, second call: the batches' convolution by teams of two (s27c = 909eca3,
# g1_conv_straus<taps>_team) against fa650b2 (s27b, one work-item a group at 168
# registers): tests through CUDA (teams forced, taps 2 / 4 / 8, the team-lane mutant) and
# NVIDIA OpenCL (teams forced: local memory and barriers), the stage at 32 / 64 / 128 blobs
# by taps and teams, cells + proofs at 32 / 64 / 128 blobs (the default rule), two rounds.
set -u
O=/tmp/r220; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r220.tgz -C /tmp r220; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27c B=.gpu/gpucheck-s27b
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t new-test 150 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*,mutant_fk20.wrong_straus_team_lane' --param fk20.straus_team=2
for tp in 2 8; do t new-test-t$tp 60 $N run --device cuda:0 --filter 'fk20.L64.g1_straus.*' --param fk20.straus_team=2 --param fk20.g1_straus_taps=$tp; done
t old-warm 90 $B bench --device cuda:0 --filter fk20.bench.L64.b32.g1_straus --samples 3
s="fk20.bench.L64.b32.g1_straus,fk20.bench.L64.b64.g1_straus,fk20.bench.L64.b128.g1_straus"
for tp in 2 4 8; do t team-st$tp 60 $N bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=$tp --param fk20.straus_team=2; done
t one-st4 60 $N bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=4 --param fk20.straus_team=1
t old-st4 60 $B bench --device cuda:0 --filter "$s" --samples 5 --param fk20.g1_straus_taps=4
c="fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs"
for round in 1 2; do
  t new-cp-$round 60 $N bench --device cuda:0 --filter "$c" --samples 10
  t old-cp-$round 60 $B bench --device cuda:0 --filter "$c" --samples 10
done
export OCL_ICD_FILENAMES=libnvidia-opencl.so.1
CL=$($N devices 2>/dev/null | awk '/NVIDIA/ && /opencl/ {print $1; exit}')
t opencl-test 150 $N run --device $CL --filter 'fk20.L64.g1_straus.rows' --param fk20.straus_team=2
save
