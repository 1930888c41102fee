#!/usr/bin/env bash
# Session 27, fourth call: msm_comb with the next term's table point prefetched to L2
# (s27e = 09b6882) against fa650b2 (s27b): tests through CUDA (the MSM and commitment
# stages, their mutants, the EIP-7594 vectors end to end), the MSM stage and commitments
# at 64 / 128 blobs, cells + proofs at 1 / 32 / 64 / 128 blobs and the pipeline, two rounds;
# then ckzg 2.1.8 (16 blobs, precompute 8, one and all cores) for the targets' ratios.
set -u
O=/tmp/r222; mkdir -p $O
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=$PWD/crypto/kzg/vectors
save() { tar czf $OUT/r222.tgz -C /tmp r222; }
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s]"; }
med() { awk '/PASS|FAIL/ {name=$2; if (NF>=3 && $3 ~ /^[0-9.]+$/) {printf "%s %s ", name, $3; name=""}} /^ +[0-9]/ {if (name!="") {printf "%s %s ", name, $1; name=""}}' $1 | sed 's/fk20.bench.//g;s/bench.L64.//g'; echo; }
t() { local tag=$1 lim=$2 G=$3; shift 3
  timeout $lim $G "$@" > $O/$tag.txt 2>&1; echo "$tag rc=$? $(med $O/$tag.txt) $(el)"
  grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR)' -A2 $O/$tag.txt | head -8; save; }
N=.gpu/gpucheck-s27e B=.gpu/gpucheck-s27b
{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm --format=csv; $N --version; $B --version; } > $O/devices.txt 2>&1
t new-test 200 $N run --device cuda:0 --filter 'fk20.L64.msm.*,fk20.L64.commitment.*,fk20.eip7594.*,mutant_fk20.dropped_msm_term,mutant_fk20.lost_comb_sign,mutant_fk20.wrong_msm_part_weight'
t old-warm 90 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 3
s="fk20.bench.L64.b64.msm,fk20.bench.L64.b128.msm,fk20.bench.L64.b64.commitment"
c="fk20.bench.L64.b32.cells_proofs,fk20.bench.L64.b64.cells_proofs,fk20.bench.L64.b128.cells_proofs,fk20.bench.L64.b64.pipeline,fk20.bench.L64.b128.pipeline"
for round in 1 2; do
  t new-st-$round 60 $N bench --device cuda:0 --filter "$s" --samples 5
  t old-st-$round 60 $B bench --device cuda:0 --filter "$s" --samples 5
  t new-cp-$round 60 $N bench --device cuda:0 --filter "$c" --samples 10
  t old-cp-$round 60 $B bench --device cuda:0 --filter "$c" --samples 10
  t new-b1-$round 30 $N bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
  t old-b1-$round 30 $B bench --device cuda:0 --filter fk20.bench.L64.b1.cells_proofs --samples 20
done
pip install -q --no-index --no-deps --find-links .whl --target /tmp/ckzg-site ckzg==2.1.8 > $O/pip.txt 2>&1
PYTHONPATH=/tmp/ckzg-site timeout 150 python3 tools/bench_ckzg.py --setup crypto/kzg/trusted_setup.txt --blobs 16 --repeats 1 --precompute 8 --procs 1,$(nproc) > $O/ckzg.txt 2>&1; echo "ckzg rc=$? $(el)"; tail -8 $O/ckzg.txt
save
