#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the evidence for docs/results/ on a GPU machine, from a prebuilt binary:
#   scripts/gpu-evidence.sh BUILD_DIR OUT_DIR [what...]
# what: devices tests bench selftest opencl fence fk20 fk20-nvcl fk20-bench ckzg (default:
# devices tests selftest opencl bench; fence adds -v logs and a no-local-stress run; fk20*
# run the manual FK20 stage tests, mutants and benchmarks; ckzg times PyPI ckzg on the same
# machine: it needs `pip install ckzg==2.1.8` or a wheel in $CKZG_WHEEL). Logs and JSON go
# to OUT_DIR, with a MANIFEST.txt (commit, date, machine, commands).
# selftest (harness_selftest.*) and the mutants exist only in a build configured with
# -DGC_BUILD_TESTS=ON (what make test builds).
set -uo pipefail
B=${1:?build dir}; O=${2:?out dir}; shift 2
what=${*:-devices tests selftest opencl bench}
G=$B/gpucheck
NV="OCL_ICD_FILENAMES=libnvidia-opencl.so.1"
mkdir -p "$O"
export GC_CACHE_DIR=/tmp/gpucheck-cache
export GPUCHECK_KZG_VECTORS=${GPUCHECK_KZG_VECTORS:-$(cd "$(dirname "$0")/.." && pwd)/crypto/kzg/vectors}
{ echo "commit: $("$G" --version 2>&1 | head -1)"; echo "date: $(date -u +%FT%TZ)"; echo "host: $(uname -srm)";
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | sed 's/^/gpu: /';
  echo "what: $what"; } >> "$O/MANIFEST.txt"
nvcl_id() { env $NV "$G" devices --json | python3 -c 'import json,sys; d=json.load(sys.stdin)["devices"]; print(next((x["id"] for x in d if x["backend"]=="opencl" and "NVIDIA" in x["platform"]), ""))'; }
for w in $what; do
  case $w in
  devices)
    { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; "$G" devices; "$G" info --device cuda:0;
      env $NV "$G" devices; id=$(nvcl_id); [ -n "$id" ] && env $NV "$G" info --device "$id"; } 2>&1 | tee "$O/devices.txt" ;;
  tests)
    "$G" run --device cuda:0 --json "$O/run-cuda.json" 2>&1 | tee "$O/run-cuda.txt" ;;
  selftest)
    "$G" run --device cuda:0 --filter 'harness_selftest.*' --json "$O/selftest-cuda.json" 2>&1 | tee "$O/selftest-cuda.txt" ;;
  opencl)
    id=$(nvcl_id); env $NV "$G" run --device "$id" --json "$O/run-nvcl.json" 2>&1 | tee "$O/run-nvcl.txt" ;;
  fence)
    "$G" run --device cuda:0 --filter 'atomic_fence*' -v --json "$O/fence-cuda.json" 2>&1 | tee "$O/fence-cuda.txt"
    "$G" run --device cuda:0 --filter 'atomic_fence.twin.local*' --param atomic_fence.local_stress_items=0 -v 2>&1 |
      tee "$O/fence-cuda-local-nostress.txt"
    id=$(nvcl_id); env $NV "$G" run --device "$id" --filter 'atomic_fence*' -v --json "$O/fence-nvcl.json" 2>&1 |
      tee "$O/fence-nvcl.txt" ;;
  bench)
    "$G" bench --device cuda:0 --filter '*,-fk20.*' --json "$O/bench-cuda.json" --csv "$O/bench-cuda.csv" 2>&1 |
      tee "$O/bench-cuda.txt" ;;
  fk20)
    "$G" run --device cuda:0 --filter 'fk20*' --json "$O/fk20-run-cuda.json" 2>&1 | tee "$O/fk20-run-cuda.txt"
    "$G" run --device cuda:0 --filter 'mutant_fk20*' --json "$O/fk20-mutants-cuda.json" 2>&1 | tee "$O/fk20-mutants-cuda.txt" ;;
  fk20-nvcl)
    id=$(nvcl_id); env $NV "$G" run --device "$id" --filter 'fk20*,-fk20.bench*' --json "$O/fk20-run-nvcl.json" 2>&1 |
      tee "$O/fk20-run-nvcl.txt" ;;
  fk20-bench)
    # FK20_BENCH_ARGS: e.g. --samples 10 to fit a time limit (default: the noise rule)
    "$G" bench --device cuda:0 --filter 'fk20.bench*' ${FK20_BENCH_ARGS:-} --json "$O/fk20-bench-cuda.json" 2>&1 |
      tee "$O/fk20-bench-cuda.txt" ;;
  ckzg)
    [ -n "${CKZG_WHEEL:-}" ] && pip install -q --target /tmp/ckzg-site "$CKZG_WHEEL" && export PYTHONPATH=/tmp/ckzg-site
    python3 "$(dirname "$0")/../tools/bench_ckzg.py" --setup "$(dirname "$0")/../crypto/kzg/trusted_setup.txt" \
      --blobs "${CKZG_BLOBS:-64}" --repeats "${CKZG_REPEATS:-3}" --precompute 0,8 --procs 1,"$(nproc)" \
      --json "$O/ckzg-bench.json" 2>&1 |
      tee "$O/ckzg-bench.txt" ;;
  esac
done
