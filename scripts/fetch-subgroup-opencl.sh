#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# fetch-subgroup-opencl.sh — make sure a CPU OpenCL runtime WITH sub-groups is available,
# so that CI runs the sub_group suite where it can pass or fail (Debian 12's PoCL 3.1 has
# no sub-groups, and neither Debian 12 nor its backports nor PyPI's pocl-binary-distribution
# (3.0) offers a newer PoCL). Intel's oneAPI OpenCL runtime for x86 CPUs is on PyPI
# (intel-opencl-rt, with intel-cmplr-lib-rt and tbb for the libraries it links): OpenCL 3.0,
# cl_khr_subgroups, sub-group sizes 4 to 64, no GPU needed.
#
# The three wheels are downloaded with pip (no install, no dependencies resolved) and their
# libraries unpacked into .deps/subgroup-opencl/lib; the one line on stdout is the path of
# libintelocl.so there. gpucheck never looks under .deps: `make test` passes the path to
# CMake (GC_SUBGROUP_OPENCL_LIBRARY), and CTest runs the sub_group suite with
# GC_OPENCL_LIBRARY naming it (the library is used directly, not through the ICD loader,
# which does not take this runtime from OCL_ICD_FILENAMES) and LD_LIBRARY_PATH naming
# its directory.
#
# Usage: scripts/fetch-subgroup-opencl.sh [--force]
# Exit codes: 0 found or fetched, 1 could not fetch (the reason on stderr), 2 usage.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps/subgroup-opencl"
wheels=("intel-opencl-rt==2026.2.0" "intel-cmplr-lib-rt==2026.2.0" "tbb==2023.2.0")
force=0
case "${1:-}" in
  "") ;;
  --force) force=1 ;;
  *) echo "usage: $0 [--force]" >&2; exit 2 ;;
esac

fail() { echo "fetch-subgroup-opencl: $*" >&2; exit 1; }

if [[ $force == 0 && -f "$deps/lib/libintelocl.so" ]]; then
  echo "$deps/lib/libintelocl.so"
  exit 0
fi
command -v python3 >/dev/null 2>&1 || fail "python3 is needed (apt-get install python3-pip)"
python3 -m pip --version >/dev/null 2>&1 || fail "pip is missing: run 'apt-get install -y python3-pip' and try again"

# Unpack beside the final place and move it there at the end, so that an interrupted run
# leaves nothing half-written that a later run would trust.
tmp="$deps.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp/wheels" "$tmp/lib"
PIP_ROOT_USER_ACTION=ignore python3 -m pip download --quiet --disable-pip-version-check --no-deps \
  --only-binary=:all: --no-cache-dir --dest "$tmp/wheels" "${wheels[@]}" >&2 ||
  fail "pip could not download ${wheels[*]} from PyPI"
python3 - "$tmp/wheels" "$tmp/lib" <<'PY' >&2 || fail "could not unpack the wheels"
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
for whl in sorted(os.listdir(src)):
    with zipfile.ZipFile(os.path.join(src, whl)) as z:
        for info in z.infolist():
            parts = info.filename.split("/")
            # the libraries: <name>.data/data/lib/<file>; not Intel's own ICD loader
            # (libOpenCL.so*), which would shadow the system's for every other test
            if len(parts) != 4 or parts[1:3] != ["data", "lib"] or not parts[3]:
                continue
            if parts[3].startswith("libOpenCL.so") or parts[3].endswith(".py"):
                continue
            with z.open(info) as f, open(os.path.join(dst, parts[3]), "wb") as out:
                out.write(f.read())
PY
rm -rf "$tmp/wheels" "$deps"
mv "$tmp" "$deps"
trap - EXIT
lib="$deps/lib/libintelocl.so"
[[ -f "$lib" ]] || fail "the wheels unpacked, but there is no libintelocl.so under $deps/lib"
# Prove it loads and has a platform before saying so.
LD_LIBRARY_PATH="$deps/lib" python3 - "$lib" <<'PY' >&2 || fail "$lib was fetched but does not answer clGetPlatformIDs"
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1])
n = ctypes.c_uint(0)
if lib.clGetPlatformIDs(0, None, ctypes.byref(n)) != 0 or n.value == 0:
    sys.exit("no platform")
PY
echo "$lib"
