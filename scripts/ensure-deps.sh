#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what building gpucheck needs (and, with --test, what its tests need), when
# missing: as root through apt (apt-get update first), otherwise prints the exact command
# to run. Idempotent and quiet when everything is there.
#
# usage: scripts/ensure-deps.sh [--test]
#   (none)  build and run: a C compiler, CMake, the OpenCL headers and ICD loader, PoCL
#   --test  also: Python 3 and pip (CLI tests, scripts/fetch-nvrtc.sh), PyPI ckzg, pytest,
#           setuptools and wheel (the Python package tests), pkg-config (the
#           install test), GMP (the field tests' reference), clang (the second compiler)
#           and its runtime libraries (libFuzzer and the sanitizers of make fuzz)
set -euo pipefail

tests=0
case "${1:-}" in
  "") ;;
  --test) tests=1 ;;
  *) echo "usage: $0 [--test]" >&2; exit 2 ;;
esac

need_pkgs=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

have_cmd cc || need_pkgs+=(build-essential)
have_cmd cmake || need_pkgs+=(cmake)
[ -f /usr/include/CL/cl.h ] || need_pkgs+=(opencl-c-headers)
for p in ocl-icd-libopencl1 ocl-icd-opencl-dev pocl-opencl-icd; do
  have_pkg "$p" || need_pkgs+=("$p")
done
if [ "$tests" = 1 ]; then
  have_cmd python3 || need_pkgs+=(python3)
  have_cmd pip3 || python3 -m pip --version >/dev/null 2>&1 || need_pkgs+=(python3-pip)
  have_cmd pkg-config || need_pkgs+=(pkgconf)
  have_cmd clang || need_pkgs+=(clang)
  # libFuzzer ships in clang's runtime package, which clang only recommends (and
  # --no-install-recommends below leaves out): make fuzz links it.
  have_pkg libclang-rt-dev || need_pkgs+=(libclang-rt-dev)
  have_pkg libgmp-dev || need_pkgs+=(libgmp-dev)
fi

if [ ${#need_pkgs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "ensure-deps: installing ${need_pkgs[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
  else
    echo "ensure-deps: missing packages; run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${need_pkgs[*]}" >&2
    exit 2
  fi
fi

# The Python tests' reference and tools (python_package, kzg_differential): PyPI ckzg
# 2.1.8, pytest, and setuptools and wheel for `pip install ./python` without a network.
# Where pip cannot install them (offline) the tests that need them skip and say why.
if [ "$tests" = 1 ]; then
  py_missing=()
  python3 -c "import ckzg, sys; sys.exit(ckzg.__version__ != '2.1.8' if hasattr(ckzg, '__version__') else 0)" \
    2>/dev/null || py_missing+=(ckzg==2.1.8)
  for m in pytest setuptools wheel; do python3 -c "import $m" 2>/dev/null || py_missing+=("$m"); done
  if [ ${#py_missing[@]} -gt 0 ]; then
    echo "ensure-deps: pip installing ${py_missing[*]}"
    python3 -m pip install -q --disable-pip-version-check "${py_missing[@]}" >/dev/null 2>&1 ||
      echo "ensure-deps: pip could not install ${py_missing[*]}: the Python tests will skip" >&2
  fi
fi
