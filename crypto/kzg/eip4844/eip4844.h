/* SPDX-License-Identifier: Apache-2.0 */
/* eip4844.h — the EIP-4844 proofs' part of a KZG context (crypto/kzg/eip4844/eip4844.c):
 * made on the context's first such call, freed with the context. Not installed. */
#ifndef GC_KZG_EIP4844_H
#define GC_KZG_EIP4844_H

#include <stdint.h>

#include "crypto/bls12_381/fr.gc"
#include "gpucheck/gc_kzg.h"

typedef struct kzg_eip4844 kzg_eip4844;

/** NULL: nothing. */
void kzg_eip4844_free(kzg_eip4844 *e);

#define KZG_EIP4844_DOMAIN "FSBLOBVERIFY_V1_" /* 16 bytes, no terminator in the hash */

/** c-kzg's compute_challenge of a blob and its commitment's 48 bytes, as an Fr element,
 *  for a domain of 16 bytes (c-kzg's: KZG_EIP4844_DOMAIN). */
void kzg_eip4844_challenge(gc_fr *z, const char domain[16], const uint8_t *blob, const uint8_t *commitment);

/** The challenge domain of the context's compute_blob_kzg_proof: the tests' mutant (a
 *  wrong domain) and back. */
gc_kzg_ret kzg_eip4844_set_domain(gc_kzg_ctx *c, const char domain[16]);

#endif
