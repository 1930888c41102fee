#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The Python package as a user installs it: a fresh virtual environment (it sees the
# system's site-packages for pytest and PyPI ckzg, the reference), `pip install ./python`
# (offline: setuptools and wheel from the system), then python/tests on the default device
# with this build's libgpucheck.so. Exit 77 (skip) where ckzg or pytest is missing.
#
# usage: python_package.sh PYTHON SOURCE_DIR LIBGPUCHECK_SO [PRELOAD]
#   PRELOAD: the sanitizer runtimes an instrumented libgpucheck.so needs loaded first
set -u
python=$1 src=$2 so=$3 preload=${4:-}
fail() { echo "FAIL: $*"; exit 1; }
"$python" -c "import ckzg, pytest, setuptools, wheel" 2>/dev/null ||
  { echo "SKIP: ckzg, pytest, setuptools or wheel not installed (scripts/ensure-deps.sh --test installs them)"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-python.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
"$python" -m venv --system-site-packages "$tmp/venv" || fail "python -m venv"
cp -r "$src/python" "$tmp/python" || fail "copy python/"
"$tmp/venv/bin/python" -m pip install -q --no-index --no-build-isolation --disable-pip-version-check "$tmp/python" \
  >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; fail "pip install ./python"; }
cd "$tmp" || fail "cd"
"$tmp/venv/bin/python" -c "import gpucheck, sys; sys.exit(0 if gpucheck.__file__.startswith('$tmp/venv') else 1)" ||
  fail "gpucheck is not the installed copy"
GPUCHECK_LIBRARY=$so GPUCHECK_SETUP=$src/crypto/kzg/trusted_setup.txt LD_PRELOAD=$preload \
  "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider "$tmp/python/tests" || fail "pytest python/tests"
echo "ok: pip install ./python in a fresh venv; gpucheck.kzg gives ckzg's answers and exceptions"
