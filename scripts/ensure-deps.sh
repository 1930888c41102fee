#!/usr/bin/env bash
# Installs what building and testing gpucheck needs, when missing: as root through apt
# (apt-get update first), otherwise prints the exact command to run. Idempotent and quiet
# when everything is there.
set -euo pipefail

need_pkgs=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

have_cmd cc || need_pkgs+=(build-essential)
have_cmd cmake || need_pkgs+=(cmake)
have_cmd python3 || need_pkgs+=(python3)
have_cmd pkg-config || need_pkgs+=(pkgconf)
have_cmd pip3 || python3 -m pip --version >/dev/null 2>&1 || need_pkgs+=(python3-pip)
[ -f /usr/include/CL/cl.h ] || need_pkgs+=(opencl-c-headers)
for p in ocl-icd-libopencl1 ocl-icd-opencl-dev pocl-opencl-icd libgmp-dev; do
  have_pkg "$p" || need_pkgs+=("$p")
done

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
