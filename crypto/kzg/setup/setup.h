/* SPDX-License-Identifier: Apache-2.0 */
/* setup.h — the trusted setup behind gc_kzg_setup (include/gpucheck/gc_kzg.h), for the
 * KZG/FK20 library's own code: points affine, coordinates in Montgomery form as g1.gc and
 * g2.gc define them, in the file's order. Loaded by crypto/kzg/setup/setup.c. */
#ifndef GC_KZG_SETUP_H
#define GC_KZG_SETUP_H

#include "crypto/bls12_381/g2.gc"
#include "crypto/bls12_381/subgroup.gc"
#include "gpucheck/gc_kzg.h"

/** SHA-256 of the built-in (Ethereum ceremony) setup's points: what
 *  gc_kzg_setup_digest() returns for gc_kzg_setup_load_default(). */
#define GC_KZG_DEFAULT_SETUP_DIGEST "608ac720ba55fc77f65d155391020fc5b0501db266a3e360e734d6c0db0dfae3"

struct gc_kzg_setup {
    gc_g1a g1_lagrange[GC_KZG_SETUP_G1_POINTS]; /* file order: bit-reversed Lagrange basis */
    gc_g1a g1_monomial[GC_KZG_SETUP_G1_POINTS]; /* [s^i] G1 */
    gc_g2a g2_monomial[GC_KZG_SETUP_G2_POINTS]; /* [s^i] G2 */
    char digest[65];                            /* gc_kzg_setup_digest() */
};

/** The loader behind gc_kzg_setup_load_*: `text` of `len` bytes; check_subgroups = 0
 *  only decompresses (the points are still shown to lie on their curves); threads = 0
 *  picks one per core (at most 16); expect_digest (may be NULL) must match the digest of
 *  the points, or the load fails with GC_KZG_ERROR before pass 2. For the tests and the
 *  built-in setup. */
gc_kzg_ret gc_kzg_setup_load_text(gc_kzg_setup **out, const void *text, size_t len, int check_subgroups,
                                  unsigned threads, const char *expect_digest, char *err, size_t err_len);

/** The built-in setup's text (crypto/kzg/trusted_setup.txt, embedded at build time by
 *  cmake/embed_setup.cmake) and its length in bytes. */
extern const char gc_kzg_default_setup_text[];
extern const size_t gc_kzg_default_setup_len;

#endif
