#!/usr/bin/env bash
# Runs the evidence for docs/results/ on a GPU machine, from a prebuilt binary:
#   scripts/gpu-evidence.sh BUILD_DIR OUT_DIR [what...]
# what: devices tests bench selftest opencl fence (default: all but fence, which the
# tests and opencl runs already hold; fence adds -v logs and a no-local-stress run). Logs and JSON go to OUT_DIR.
# selftest (harness_selftest.*) and the mutants exist only in a build configured with
# -DGC_BUILD_TESTS=ON (what make test builds).
set -uo pipefail
B=${1:?build dir}; O=${2:?out dir}; shift 2
what=${*:-devices tests selftest opencl bench}
G=$B/gpucheck
NV="OCL_ICD_FILENAMES=libnvidia-opencl.so.1"
mkdir -p "$O"
export GC_CACHE_DIR=/tmp/gpucheck-cache
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
    GPUCHECK_FENCE_LOCAL_STRESS_ITEMS=0 "$G" run --device cuda:0 --filter 'atomic_fence.twin.local*' -v 2>&1 |
      tee "$O/fence-cuda-local-nostress.txt"
    id=$(nvcl_id); env $NV "$G" run --device "$id" --filter 'atomic_fence*' -v --json "$O/fence-nvcl.json" 2>&1 |
      tee "$O/fence-nvcl.txt" ;;
  bench)
    "$G" bench --device cuda:0 --json "$O/bench-cuda.json" --csv "$O/bench-cuda.csv" 2>&1 | tee "$O/bench-cuda.txt" ;;
  esac
done
