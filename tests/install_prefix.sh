# SPDX-License-Identifier: Apache-2.0
# Sourced (not run) by the install tests: `install_prefix NAME PC` installs BUILD_DIR with
# `cmake --install` into $tmp/prefix, a fresh directory ${TMPDIR:-/tmp}/gpucheck-NAME.XXXXXX
# removed on exit, finds pkg-config as $pkg_config and exports PKG_CONFIG_PATH as the
# directory holding PC.pc. Expects $cmake and $build set; defines fail.
fail() { echo "FAIL: $*"; exit 1; }

install_prefix() {
  pkg_config=$(command -v pkg-config || command -v pkgconf) || fail "pkg-config not found (apt-get install pkgconf)"
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/gpucheck-$1.XXXXXX") || fail "mktemp"
  trap 'rm -rf "$tmp"' EXIT INT TERM
  prefix=$tmp/prefix
  "$cmake" --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "cmake --install into $prefix"; }
  PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name "$2.pc" | head -n 1)")
  export PKG_CONFIG_PATH
}
