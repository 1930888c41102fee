#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# gpucheck consumed by a CMake project, both ways a user can take it:
#   package  installed into a fresh prefix, found with find_package(gpucheck) through
#            CMAKE_PREFIX_PATH (the imported target gpucheck::gpucheck);
#   subdir   the source tree added with add_subdirectory() by a parent project, built
#            in that project's build tree.
# Either way examples/vector_scale (copied out of the tree) is configured and built, and
# its test runs and passes.
#
# usage: example_cmake.sh package|subdir CMAKE BUILD_DIR SOURCE_DIR CC [EXTRA_CFLAGS]
set -u
mode=$1 cmake=$2 build=$3 src=$4 cc=$5 extra=${6:-}

fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-cmake.XXXXXX") || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT INT TERM
cp -r "$src/examples/vector_scale" "$tmp/example" || fail "copy the example"

case $mode in
  package)
    "$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/install.log" 2>&1 ||
      { cat "$tmp/install.log"; fail "cmake --install into $tmp/prefix"; }
    [ -f "$(find "$tmp/prefix" -name gpucheckConfig.cmake | head -n 1)" ] || fail "gpucheckConfig.cmake not installed"
    project=$tmp/example
    set -- "-DCMAKE_PREFIX_PATH=$tmp/prefix"
    ;;
  subdir)
    mkdir "$tmp/parent" || fail "mkdir"
    cat >"$tmp/parent/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.25)
project(parent LANGUAGES C)
add_subdirectory("$src" gpucheck)
add_subdirectory("$tmp/example" example)
EOT
    project=$tmp/parent
    set -- -DCMAKE_BUILD_TYPE=Debug
    ;;
  *) fail "usage: $0 package|subdir CMAKE BUILD_DIR SOURCE_DIR CC [EXTRA_CFLAGS]" ;;
esac

"$cmake" -S "$project" -B "$tmp/build" -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$extra" \
  -DCMAKE_EXE_LINKER_FLAGS="$extra" "$@" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; fail "configure ($mode)"; }
"$cmake" --build "$tmp/build" --target vector_scale -j 2 >"$tmp/build.log" 2>&1 ||
  { tail -n 60 "$tmp/build.log"; fail "build ($mode)"; }
exe=$(find "$tmp/build" -type f -name vector_scale -perm -u+x | head -n 1)
[ -n "$exe" ] || fail "no vector_scale built"
"$exe" run >"$tmp/run.log" 2>&1
rc=$?
cat "$tmp/run.log"
[ "$rc" -eq 0 ] || fail "vector_scale run exited $rc"
grep -Eq '^  PASS +known_answer ' "$tmp/run.log" || fail "no PASS line for known_answer"
echo "ok: vector_scale built with gpucheck through the CMake $mode and its test passes"
