#!/bin/sh
# Builds the host check (plus two negative-control variants) and the GPU probe.
set -e
cd "$(dirname "$0")"
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CFLAGS="-O2 -Wall -Wextra -Werror -ffp-contract=off"

gcc $CFLAGS -o check check.c -lgmp -lm
gcc $CFLAGS -DFP_BREAK_CARRY -o check_break_carry check.c -lgmp -lm   # must FAIL
gcc $CFLAGS -DFP_BREAK_NOFMA -o check_break_nofma check.c -lgmp -lm   # must FAIL

$NVCC -O3 -arch=sm_90 -std=c++17 -Xcompiler -ffp-contract=off -Xptxas -v \
      -o probe probe.cu 2> ptxas.log
grep -E "Compiling entry|registers|spill" ptxas.log

# optional: SASS opcode mix of each kernel's main loop (needs cuobjdump+nvdisasm;
# pip wheels nvidia-cuda-cuobjdump / nvidia-cuda-nvdisasm unpacked into .tools/)
if [ -x .tools/nvidia/cu13/bin/cuobjdump ]; then PATH="$PWD/.tools/nvidia/cu13/bin:$PATH"; fi
if command -v cuobjdump >/dev/null 2>&1 && command -v nvdisasm >/dev/null 2>&1; then
  cuobjdump -sass probe > probe.sass && python3 sassmix.py probe.sass | tee sassmix.txt
fi
echo "built: ./check ./check_break_carry ./check_break_nofma ./probe"
