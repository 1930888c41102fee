#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fence_sass.sh — what the H100's instruction set makes of the atomic_fence suite's
# store-buffering and IRIW kernels with seq_cst fences and with their seq_cst -> acq_rel
# twins (suites/atomic_fence/litmus.gc, the defines fence_cases.c passes). It answers the
# question the GPU runs cannot: is a twin that the hardware never showed a different
# machine program at all? Prints each variant's fence instructions (MEMBAR, ERRBAR,
# CCTL) and whether the two programs differ anywhere else.
#
# Needs nvcc (for sm_90 cubins) and cuobjdump; without a CUDA toolkit, cuobjdump comes in
# PyPI's nvidia-cuda-cuobjdump wheel:  pip download --no-deps nvidia-cuda-cuobjdump
# Usage: tools/fence_sass.sh [NVCC] [CUOBJDUMP]     (run from the repository root)
set -euo pipefail
NVCC=${1:-nvcc}
CUOBJDUMP=${2:-cuobjdump}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common="-DMP_SCOPE=2 -DMP_FLAG_SCOPE=2 -DMP_START_BARRIER=0 -DMP_REORDER=0 -DMP_STORE_ORDER=0 -DMP_LOAD_ORDER=0"
for shape in "SB 1" "IRIW 3"; do
  set -- $shape
  name=$1 litmus=$2
  for order in "seq_cst 4" "acq_rel 3"; do
    set -- $order
    "$NVCC" -x cu -arch=sm_90 -O3 -cubin -I. -Ikernels -include kernels/gc_dialect.h -diag-suppress 177 \
      $common -DMP_ORDER1=$2 -DMP_ORDER2=$2 -DMP_LITMUS=$litmus -o "$tmp/$name-$1.cubin" suites/atomic_fence/litmus.gc
    "$CUOBJDUMP" -sass -fun litmus "$tmp/$name-$1.cubin" |
      sed -n 's@^ */\*[0-9a-f]*\*/ *\([^;]*\);.*@\1@p' > "$tmp/$name-$1.sass"
    echo "== $name, fences $1 (MP_ORDER1=$2): $(wc -l < "$tmp/$name-$1.sass") instructions; fences:"
    grep -E "MEMBAR|ERRBAR|CCTL|FENCE" "$tmp/$name-$1.sass" | sort | uniq -c
  done
  echo "== $name: lines that differ between the seq_cst kernel and its acq_rel twin:"
  d=$(diff "$tmp/$name-seq_cst.sass" "$tmp/$name-acq_rel.sass" || true)
  if [ -n "$d" ]; then echo "$d" | grep -E '^[<>]'; else echo "(none)"; fi
done
