#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The "write your own test" example, built the way a user builds it: gpucheck installed
# into a fresh prefix, the example compiled with nothing but `cc` and pkg-config, then
# its test and benchmark run (exit 0, PASS) and a broken kernel caught (exit 1, FAIL).
#
# usage: example_install.sh CMAKE BUILD_DIR EXAMPLE_DIR CC [EXTRA_CFLAGS]
set -u
cmake=$1 build=$2 example=$3 cc=$4 extra=${5:-}

fail() { echo "FAIL: $*"; exit 1; }
pkg_config=$(command -v pkg-config || command -v pkgconf) ||
  fail "pkg-config not found (apt-get install pkgconf)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-install.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
prefix=$tmp/prefix

"$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "cmake --install into $prefix"; }
for f in include/gpucheck/gc_harness.h include/gpucheck/gc_device.h include/gpucheck/gc_status.h \
         include/gpucheck/gc_dialect.h bin/gpucheck; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
pc=$(find "$prefix" -name gpucheck.pc | head -n 1)
[ -n "$pc" ] || fail "gpucheck.pc not installed"

# pkg-config must point into the prefix we installed to, not the configured one.
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
flags=$("$pkg_config" --cflags --libs gpucheck) || fail "pkg-config --cflags --libs gpucheck"
echo "pkg-config: $flags"
case " $flags " in *gmp*) fail "gpucheck.pc asks users to link GMP (only the field tests use it)" ;; esac
incdir=$("$pkg_config" --variable=includedir gpucheck)
[ -f "$incdir/gpucheck/gc_harness.h" ] || fail "pkg-config's includedir $incdir is not in $prefix"

# The example is copied out of the source tree so that nothing but the prefix is found.
cp "$example/vector_scale.c" "$tmp/" || fail "copy the example"
cd "$tmp" || fail "cd $tmp"
# shellcheck disable=SC2086 # flags are words
"$cc" -std=c11 -Wall -Wextra -Werror $extra vector_scale.c -o vector_scale $flags ||
  fail "the example does not build against the installed library"
# `gpucheck` links libgpucheck.so, found at run time in the prefix's libdir;
# `gpucheck-static` links the archive into the program.
LD_LIBRARY_PATH=$("$pkg_config" --variable=libdir gpucheck)
export LD_LIBRARY_PATH
ldd ./vector_scale | grep -q 'libgpucheck\.so\.' || fail "pkg-config gpucheck did not link libgpucheck.so"
# shellcheck disable=SC2086 # flags are words
"$cc" -std=c11 -Wall -Wextra -Werror $extra vector_scale.c -o vector_scale_static \
  $("$pkg_config" --cflags --libs gpucheck-static) || fail "the example does not build against libgpucheck.a"
ldd ./vector_scale_static | grep -q 'libgpucheck\.so' && fail "pkg-config gpucheck-static linked libgpucheck.so"

# Runs the example; $1 is the expected exit status, $2 a pattern its output must have.
expect() {
  want=$1 pattern=$2
  shift 2
  echo "\$ $*"
  "$@" >out.txt 2>&1
  rc=$?
  cat out.txt
  [ "$rc" -eq "$want" ] || fail "'$*' exited $rc, expected $want"
  grep -Eq "$pattern" out.txt || fail "'$*' printed no line matching: $pattern"
}
expect 0 '^  PASS +known_answer ' ./vector_scale run
expect 0 '^  PASS +known_answer ' ./vector_scale_static run
expect 0 '^  PASS +throughput ' ./vector_scale bench --samples 5
grep -Eq '^ +IQR .*, 5 samples, .* elements/s' out.txt || fail "the benchmark's line has no throughput in elements/s"
# The checks can fail: a kernel that skips its last element is caught by the canary.
expect 1 'FAIL vector_scale.known_answer: .*1 unwritten' env VECTOR_SCALE_MUTANT=skip_last ./vector_scale run
# A kernel that does not compile is an ERROR whose log names the line in the kernel text.
expect 1 'ERROR vector_scale.known_answer: setup returned GC_ERR_COMPILE' \
  env VECTOR_SCALE_MUTANT=compile_error ./vector_scale run
grep -q 'vector_scale.gc.15' out.txt || fail "the compiler log does not name vector_scale.gc line 15"
echo "ok: installed into a fresh prefix, built with pkg-config (shared and static); test and benchmark PASS; the mutants FAIL and ERROR"
