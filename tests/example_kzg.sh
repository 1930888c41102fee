#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The KZG examples build as a client builds them, from a fresh install prefix:
# examples/kzg_cells (gc_kzg.h) and examples/kzg_ckzg (ckzg.h) through the CMake package
# and with cc and pkg-config; examples/kzg_python compiles. (What they call is run and
# checked by shared_install_dlopen, ckzg_install_answers and python_package.)
#
# usage: example_kzg.sh CMAKE BUILD_DIR SOURCE_DIR CC PYTHON [EXTRA_CFLAGS]
set -u
cmake=$1 build=$2 src=$3 cc=$4 python=$5 extra=${6:-}
fail() { echo "FAIL: $*"; exit 1; }
pkg_config=$(command -v pkg-config || command -v pkgconf) || fail "pkg-config not found (apt-get install pkgconf)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-kzg-example.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "cmake --install"; }
PKG_CONFIG_PATH=$(dirname "$(find "$tmp/prefix" -name gpucheck.pc | head -n 1)")
export PKG_CONFIG_PATH
for ex in kzg_cells:gpucheck kzg_ckzg:gpucheck-ckzg; do
  name=${ex%%:*} pc=${ex#*:}
  cp -r "$src/examples/$name" "$tmp/$name" || fail "copy $name"
  "$cmake" -S "$tmp/$name" -B "$tmp/build-$name" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_C_FLAGS="-Werror $extra" -DCMAKE_EXE_LINKER_FLAGS="$extra" >"$tmp/$name.log" 2>&1 &&
    "$cmake" --build "$tmp/build-$name" >>"$tmp/$name.log" 2>&1 || { tail -n 40 "$tmp/$name.log"; fail "$name (CMake package)"; }
  # shellcheck disable=SC2086 # flags are words
  "$cc" -std=gnu11 -Wall -Wextra -Werror $extra "$tmp/$name/$name.c" -o "$tmp/$name.pc" \
    $("$pkg_config" --cflags --libs "$pc") || fail "$name (pkg-config $pc)"
  echo "ok: examples/$name builds through find_package(gpucheck) and pkg-config $pc"
done
"$python" -m py_compile "$src/examples/kzg_python/kzg_cells.py" || fail "examples/kzg_python does not compile"
echo "ok: examples/kzg_python compiles"
