#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fetch-nvrtc.sh — make sure an NVRTC library is available, so that the CUDA kernels
# can be compiled on machines without the CUDA toolkit (CI has no GPU and no toolkit).
#
# If a libnvrtc is already there (GC_NVRTC_LIBRARY, the loader's cache, the CUDA
# toolkit in /usr/local/cuda, or an earlier run of this script), its path is printed
# and nothing is fetched. Otherwise NVIDIA's NVRTC wheel from PyPI is installed with
# pip into .deps/nvrtc (NVRTC needs no GPU and no driver), python3-pip being
# installed with apt first when it is missing and we are root. On success the one
# line on stdout is the path of libnvrtc.so.*. gpucheck itself never looks under .deps:
# `make test` passes this path to CMake (GC_NVRTC_LIBRARY), and CTest gives it to the
# tests that compile CUDA as the environment variable GC_NVRTC_LIBRARY.
#
# Usage: scripts/fetch-nvrtc.sh [--force]   (--force: fetch even if one is present)
# Environment: GC_NVRTC_WHEEL (default nvidia-cuda-nvrtc==13.0.88; a CUDA 12 one is
# nvidia-cuda-nvrtc-cu12==12.9.86).
# Exit codes: 0 found or fetched, 1 could not fetch (the reason on stderr), 2 usage.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps/nvrtc"
wheel="${GC_NVRTC_WHEEL:-nvidia-cuda-nvrtc==13.0.88}"
force=0
case "${1:-}" in
  "") ;;
  --force) force=1 ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

fail() { echo "fetch-nvrtc: $*" >&2; exit 1; }

# The newest libnvrtc.so.N under the wheel layouts (nvidia/cu13/lib, nvidia/cuda_nvrtc/lib).
fetched_lib() {
  local f best=""
  for f in "$deps"/nvidia/*/lib/libnvrtc.so.*; do
    [[ -f "$f" ]] && best="$f"
  done
  [[ -n "$best" ]] && echo "$best"
}

# A library that is already there: named, known to the loader, or in the CUDA toolkit.
present_lib() {
  if [[ -n "${GC_NVRTC_LIBRARY:-}" && -f "${GC_NVRTC_LIBRARY}" ]]; then
    echo "$GC_NVRTC_LIBRARY"; return 0
  fi
  local f
  f="$(ldconfig -p 2>/dev/null | awk '$1 ~ /^libnvrtc\.so(\.1[23])?$/ {print $NF; exit}')" || true
  if [[ -n "$f" && -f "$f" ]]; then echo "$f"; return 0; fi
  for f in /usr/local/cuda/lib64/libnvrtc.so*; do
    [[ -f "$f" ]] && { echo "$f"; return 0; }
  done
  fetched_lib
}

if [[ $force == 0 ]] && lib="$(present_lib)"; then
  echo "$lib"
  exit 0
fi
if [[ -d "$deps" ]] && lib="$(fetched_lib)"; then
  echo "$lib"
  exit 0
fi

command -v python3 >/dev/null 2>&1 || fail "python3 is needed to fetch NVRTC (apt-get install python3-pip)"
if ! python3 -m pip --version >/dev/null 2>&1; then
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null || fail "apt-get update failed"
    apt-get install -y -qq python3-pip >/dev/null || fail "apt-get install python3-pip failed"
  else
    fail "pip is missing: run 'sudo apt-get install -y python3-pip' and try again"
  fi
fi

# Install beside the final place and move it there at the end, so that an
# interrupted run leaves nothing half-written that a later run would trust.
tmp="$deps.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$(dirname "$deps")"
# --target keeps it out of every Python environment (and out of PEP 668's way).
PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
  --no-compile --no-cache-dir --target "$tmp" "$wheel" >&2 ||
  fail "pip could not install $wheel from PyPI"
# The .alt variants (another C++ ABI) are half the size and unused here.
rm -f "$tmp"/nvidia/*/lib/*.alt.so*
rm -rf "$deps"
mv "$tmp" "$deps"
trap - EXIT

lib="$(fetched_lib)" || fail "$wheel installed, but no libnvrtc.so.* under $deps"
# Prove it loads and answers before saying so.
python3 - "$lib" <<'EOF' >&2 || fail "$lib was fetched but does not load"
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
major, minor = ctypes.c_int(), ctypes.c_int()
if lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)) != 0:
    sys.exit("nvrtcVersion failed")
EOF
echo "$lib"
