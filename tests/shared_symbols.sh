#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The shared libraries export their public interface and nothing else:
#   libgpucheck.so       exactly the functions declared GC_API in include/gpucheck/gc_*.h;
#   libgpucheck-ckzg.so  exactly the functions declared in include/gpucheck/ckzg.h.
# The same filter run over the static archive's global names must find internal ones
# (bls_*, kzg_*, ...): that shows the check would catch a library that exported them.
#
# usage: shared_symbols.sh LIBGPUCHECK_SO LIBGPUCHECK_CKZG_SO LIBGPUCHECK_A INCLUDE_DIR
set -u
so=$1 ckzg=$2 archive=$3 inc=$4
fail() { echo "FAIL: $*"; exit 1; }
command -v nm >/dev/null || fail "nm not found (binutils)"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-symbols.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM

# Names a library defines for others (code and data), without the toolchain's own.
exported() { nm -D --defined-only "$1" | awk '$2 ~ /^[A-Z]$/ && $2 != "A" {print $3}' |
             grep -Ev '^(_init|_fini|_edata|_end|__bss_start)$' | sort -u; }
# GC_API gc_name( ... in the public headers; every function of ckzg.h.
sed -n 's/^GC_API [^(]*[^a-z0-9_]\(gc_[a-z0-9_]*\)(.*/\1/p' "$inc"/gc_*.h | sort -u >"$tmp/public"
sed -n 's/^[A-Za-z_][A-Za-z0-9_ *]*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/p' "$inc"/ckzg.h | sort -u >"$tmp/ckzg_public"
[ -s "$tmp/public" ] && [ -s "$tmp/ckzg_public" ] || fail "no declarations found in $inc"

compare() { # LIBRARY EXPECTED-LIST
  exported "$1" >"$tmp/exported" || fail "nm -D $1"
  extra=$(comm -23 "$tmp/exported" "$2") missing=$(comm -13 "$tmp/exported" "$2")
  [ -z "$extra" ] || { echo "$extra" | head -n 20; fail "$1 exports $(echo "$extra" | wc -l) names that are not public"; }
  [ -z "$missing" ] || { echo "$missing"; fail "$1 lacks public functions its headers declare"; }
  echo "ok: $1 exports its $(wc -l <"$2") public functions and nothing else"
}
compare "$so" "$tmp/public"
compare "$ckzg" "$tmp/ckzg_public"
grep -q '^load_trusted_setup_file$' "$tmp/ckzg_public" || fail "the ckzg.h parse missed load_trusted_setup_file"

# Negative control: the archive's objects define internal names for each other.
internal=$(nm --defined-only --extern-only "$archive" 2>/dev/null | awk 'NF == 3 && $2 ~ /^[TDBR]$/ {print $3}' |
           sort -u | comm -23 - "$tmp/public" | wc -l)
[ "$internal" -gt 50 ] || fail "the archive has only $internal non-public global names: the check above proves little"
echo "ok: the filter finds $internal non-public global names in $archive (the names the .so hides)"
