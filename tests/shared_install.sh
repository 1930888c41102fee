#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The shared libraries as a user gets them from `cmake --install`: libgpucheck.so and
# libgpucheck-ckzg.so with their sonames, the pkg-config files gpucheck, gpucheck-static
# and gpucheck-ckzg pointing into the prefix, and libgpucheck.so loaded with dlopen alone
# (tests/shared/dlopen_check.c) computing a commitment on the default device.
#
# usage: shared_install.sh CMAKE BUILD_DIR SOURCE_DIR CC [EXTRA_CFLAGS]
set -u
cmake=$1 build=$2 src=$3 cc=$4 extra=${5:-}
. "$src/tests/install_prefix.sh" || { echo "FAIL: $src/tests/install_prefix.sh"; exit 1; }
install_prefix shared gpucheck
libdir=$("$pkg_config" --variable=libdir gpucheck) || fail "pkg-config gpucheck"
version=$("$pkg_config" --modversion gpucheck) || fail "pkg-config --modversion gpucheck"
soversion=$(echo "$version" | cut -d. -f1-2)
for lib in gpucheck gpucheck-ckzg; do
  [ -f "$libdir/lib$lib.so.$version" ] || fail "not installed: $libdir/lib$lib.so.$version"
  [ -L "$libdir/lib$lib.so" ] || fail "no development link $libdir/lib$lib.so"
  soname=$(objdump -p "$libdir/lib$lib.so" | awk '$1 == "SONAME" {print $2}')
  [ "$soname" = "lib$lib.so.$soversion" ] || fail "lib$lib.so has soname '$soname', expected lib$lib.so.$soversion"
  # Position-independent: no text relocations (the static library's old TPOFF32 failure).
  ! readelf -d "$libdir/lib$lib.so" | grep -q TEXTREL || fail "lib$lib.so has text relocations"
  echo "ok: lib$lib.so.$version, soname $soname"
done
[ -f "$libdir/libgpucheck.a" ] || fail "the static library is no longer installed"
for pc in gpucheck gpucheck-static gpucheck-ckzg; do
  flags=$("$pkg_config" --cflags --libs $pc) || fail "pkg-config --cflags --libs $pc"
  case "$flags" in *"$prefix"*) ;; *) fail "pkg-config $pc points outside $prefix: $flags" ;; esac
  echo "pkg-config $pc: $flags"
done
[ -f "$("$pkg_config" --variable=includedir gpucheck-ckzg)/gpucheck/ckzg.h" ] || fail "ckzg.h not installed"

# shellcheck disable=SC2086 # flags are words
"$cc" -std=gnu11 -Wall -Wextra -Werror $extra "$src/tests/shared/dlopen_check.c" -o "$tmp/dlopen_check" \
  $("$pkg_config" --cflags gpucheck) -ldl ||
  fail "dlopen_check does not build"
# The trusted setup's Lagrange points 0 and 2048 (lines 3 and 2051 of the file).
"$tmp/dlopen_check" "$libdir/libgpucheck.so" "$(sed -n 3p "$src/crypto/kzg/trusted_setup.txt")" \
  "$(sed -n 2051p "$src/crypto/kzg/trusted_setup.txt")" || fail "dlopen_check"
echo "ok: libgpucheck.so loaded with dlopen computes the known commitments"
