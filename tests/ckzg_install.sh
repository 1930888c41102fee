#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# c-kzg-4844's interface as a client takes it: `cmake --install` into a fresh prefix, then
# tests/ckzg/ckzg_check.c (written against ckzg.h alone) built with
#   cc ckzg_check.c $(pkg-config --cflags --libs gpucheck-ckzg)
# and run on the default device against PyPI ckzg's stored answers: commitments, cells and
# proofs of MAX_CASES blobs, the rejected blobs, NULL outputs, the setup from bytes,
# verify_cell_kzg_proof_batch's verdicts on ckzg's batches, then
# THREADS threads on one KZGSettings at once. Its control: one blob's proofs do not match
# another's. Then tests/ckzg/ckzg_api_check.c, built the same way: compute_kzg_proof,
# compute_blob_kzg_proof and recover_cells_and_kzg_proofs against their stored answers
# (every rejected case, three accepted ones of each EIP-4844 call, one recovery with
# proofs and one of cells only), and tests/ckzg/ckzg_verify_check.c: the three EIP-4844
# verifications against ckzg's verdicts, then from THREADS threads at once.
#
# usage: ckzg_install.sh CMAKE BUILD_DIR SOURCE_DIR CC MAX_CASES THREADS [EXTRA_CFLAGS]
set -u
cmake=$1 build=$2 src=$3 cc=$4 max=$5 threads=$6 extra=${7:-}
. "$src/tests/install_prefix.sh" || { echo "FAIL: $src/tests/install_prefix.sh"; exit 1; }
install_prefix ckzg gpucheck-ckzg
flags=$("$pkg_config" --cflags --libs gpucheck-ckzg) || fail "pkg-config --cflags --libs gpucheck-ckzg"
echo "pkg-config gpucheck-ckzg: $flags"
cp "$src/tests/ckzg/ckzg_check.c" "$src/tests/ckzg/ckzg_api_check.c" "$src/tests/ckzg/ckzg_verify_check.c" "$tmp/" ||
  fail "copy"
mkdir -p "$tmp/device" && cp "$src/src/device/sha256.c" "$src/src/device/sha256.h" "$tmp/device/" || fail "copy sha256"
cd "$tmp" || fail "cd"
# shellcheck disable=SC2086 # flags are words
"$cc" -std=gnu11 -Wall -Wextra -Werror $extra -I. ckzg_check.c device/sha256.c -o ckzg_check $flags -lpthread ||
  fail "a program written for c-kzg-4844 does not build against gpucheck-ckzg"
# shellcheck disable=SC2086
"$cc" -std=gnu11 -Wall -Wextra -Werror $extra -I. ckzg_api_check.c device/sha256.c -o ckzg_api_check $flags ||
  fail "ckzg_api_check.c does not build against gpucheck-ckzg"
# shellcheck disable=SC2086
"$cc" -std=gnu11 -Wall -Wextra -Werror $extra -I. ckzg_verify_check.c device/sha256.c -o ckzg_verify_check $flags \
  -lpthread || fail "ckzg_verify_check.c does not build against gpucheck-ckzg"
LD_LIBRARY_PATH=$("$pkg_config" --variable=libdir gpucheck-ckzg)
export LD_LIBRARY_PATH
setup=$src/crypto/kzg/trusted_setup.txt vectors=$src/crypto/kzg/vectors
./ckzg_check "$setup" "$vectors/ckzg_cells.txt" "$vectors/ckzg_invalid.txt" "$vectors/verify_cell_kzg_proof_batch.txt" \
  "$max" "$threads" || fail "ckzg_check"
./ckzg_api_check "$setup" "$vectors" 3 1 || fail "ckzg_api_check"
./ckzg_verify_check "$setup" "$vectors" "$threads" || fail "ckzg_verify_check"
echo "ok: a c-kzg-4844 program built with pkg-config gpucheck-ckzg gives ckzg's answers, from $threads threads too"
