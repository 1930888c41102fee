#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs gpucheck commands on a GPU machine from prebuilt binaries (it builds nothing), keeps
# every log and JSON report in one folder with a MANIFEST.txt, and compares the benchmarks
# against a baseline report. One call replaces a hand-written script per measurement.
#
#   scripts/gpu-run.sh --out DIR [options]
#     --bin NAME=PATH    a gpucheck binary (repeatable; default gpucheck=build/gpucheck);
#                        with several, every step runs each binary in turn (A/B in one call)
#     --device ID        the device (default cuda:0; nvcl = NVIDIA's OpenCL platform)
#     --run FILTER       `gpucheck run --filter FILTER` (repeatable)
#     --bench FILTER     `gpucheck bench --filter FILTER` (repeatable)
#     --samples N        benchmark samples (default: the noise rule)
#     --param K=V        passed to every run and bench (repeatable)
#     --rounds N         run the bench steps N times, binaries alternating (default 1)
#     --timeout S        limit of each command in seconds (default 300)
#     --ckzg BLOBS       also time PyPI ckzg 2.1.8 on this machine's CPU (the anchors);
#                        a wheel in .whl/ or $CKZG_WHEEL is installed without a network
#     --baseline JSON    `gpucheck compare JSON <each bench report>` into compare-*.txt
#     --devices          record nvidia-smi and `gpucheck devices` into devices.txt
# Exit status: 0 every command ran and no comparison found a regression; 1 otherwise;
# 2 bad usage.
set -uo pipefail
usage() { sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
out="" device=cuda:0 samples="" rounds=1 limit=300 ckzg="" baseline="" devices=0
bins=() runs=() benches=() params=()
while [ $# -gt 0 ]; do
    case $1 in
    --out) out=${2:?}; shift ;;
    --bin) bins+=("${2:?}"); shift ;;
    --device) device=${2:?}; shift ;;
    --run) runs+=("${2:?}"); shift ;;
    --bench) benches+=("${2:?}"); shift ;;
    --samples) samples=${2:?}; shift ;;
    --param) params+=(--param "${2:?}"); shift ;;
    --rounds) rounds=${2:?}; shift ;;
    --timeout) limit=${2:?}; shift ;;
    --ckzg) ckzg=${2:?}; shift ;;
    --baseline) baseline=${2:?}; shift ;;
    --devices) devices=1 ;;
    -h|--help) usage ;;
    *) echo "gpu-run.sh: unknown option '$1'" >&2; usage ;;
    esac
    shift
done
[ -n "$out" ] || { echo "gpu-run.sh: --out DIR is required" >&2; usage; }
[ ${#bins[@]} -gt 0 ] || bins=(gpucheck=build/gpucheck)
for b in "${bins[@]}"; do
    [ -x "${b#*=}" ] || { echo "gpu-run.sh: '${b#*=}' is not an executable gpucheck" >&2; exit 2; }
done
[ -z "$baseline" ] || [ -r "$baseline" ] || { echo "gpu-run.sh: cannot read '$baseline'" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
export GC_CACHE_DIR=${GC_CACHE_DIR:-/tmp/gpucheck-cache}
export GPUCHECK_KZG_VECTORS=${GPUCHECK_KZG_VECTORS:-$root/crypto/kzg/vectors}
status=0
manifest() { echo "$*" >> "$out/MANIFEST.txt"; }

# The device id of NVIDIA's OpenCL platform, for --device nvcl.
nvcl_id() {
    OCL_ICD_FILENAMES=libnvidia-opencl.so.1 "$1" devices --json | python3 -c 'import json,sys
d = json.load(sys.stdin)["devices"]
print(next((x["id"] for x in d if x["backend"] == "opencl" and "NVIDIA" in x["platform"]), ""))'
}

# One logged command: step TAG CMD...; the log is TAG.txt, the status goes to the manifest.
step() {
    local tag=$1; shift
    local t0=$SECONDS
    timeout "$limit" "$@" > "$out/$tag.txt" 2>&1
    local rc=$?
    manifest "- $tag: \`$*\` -> exit $rc, $((SECONDS - t0)) s"
    echo "$tag: exit $rc ($((SECONDS - t0)) s)"
    grep -E '^\s+(FAIL|BROKEN|INCONCLUSIVE|INTERRUPTED|ERROR|TIMEOUT)\b' -A2 "$out/$tag.txt" | head -8
    # run/bench exit 1 when a test fails; anything else but 0 is a broken step
    [ $rc -eq 0 ] || status=1
}

manifest "date: $(date -u +%FT%TZ)"
manifest "host: $(uname -srm), $(nproc) CPUs"
manifest "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1)"
for b in "${bins[@]}"; do manifest "binary ${b%%=*}: ${b#*=}, $("${b#*=}" --version 2>&1 | head -1)"; done
manifest "device: $device"
manifest "steps:"

if [ $devices -eq 1 ]; then
    { nvidia-smi 2>&1; for b in "${bins[@]}"; do "${b#*=}" devices 2>&1; done; } > "$out/devices.txt"
fi
for b in "${bins[@]}"; do
    name=${b%%=*} bin=${b#*=} dev=$device
    [ "$device" = nvcl ] && { dev=$(nvcl_id "$bin"); export OCL_ICD_FILENAMES=libnvidia-opencl.so.1; }
    i=0
    for f in "${runs[@]}"; do
        i=$((i + 1))
        step "run-$name-$i" "$bin" run --device "$dev" --filter "$f" "${params[@]}" --json "$out/run-$name-$i.json"
    done
done
for r in $(seq 1 "$rounds"); do
    for b in "${bins[@]}"; do
        name=${b%%=*} bin=${b#*=} dev=$device
        [ "$device" = nvcl ] && dev=$(nvcl_id "$bin")
        i=0
        for f in "${benches[@]}"; do
            i=$((i + 1))
            tag=bench-$name-$i-r$r
            step "$tag" "$bin" bench --device "$dev" --filter "$f" ${samples:+--samples "$samples"} \
                "${params[@]}" --json "$out/$tag.json"
            if [ -n "$baseline" ] && [ -s "$out/$tag.json" ]; then
                step "compare-$name-$i-r$r" "${bin}" compare "$baseline" "$out/$tag.json"
            fi
        done
    done
done
if [ -n "$ckzg" ]; then
    wheel=${CKZG_WHEEL:-$(ls "$root"/.whl/ckzg-2.1.8-*.whl 2>/dev/null | head -1)}
    if [ -n "$wheel" ]; then
        pip install -q --no-index --no-deps --target /tmp/ckzg-site "$wheel" > "$out/pip.txt" 2>&1
        export PYTHONPATH=/tmp/ckzg-site${PYTHONPATH:+:$PYTHONPATH}
    fi
    step ckzg python3 "$root/tools/bench_ckzg.py" --setup "$root/crypto/kzg/trusted_setup.txt" \
        --blobs "$ckzg" --repeats 1 --precompute 8 --procs "1,$(nproc)" --json "$out/ckzg.json"
fi
exit $status
