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

/** z[b] = the challenge of blob b with its commitment (the context's domain, c-kzg's
 *  FSBLOBVERIFY_V1_) for every b with bad[b] = 0, the commitments decoded and checked
 *  already (z[b] = 0 elsewhere), and ys[b] = p_b(z[b]) (Montgomery form), on the context's
 *  device in passes of its batch size; bad[b] |= 1 for a blob with an element >= r (its y
 *  then meaningless). The verification of blob proofs takes its z and y from here. */
gc_kzg_ret kzg_eip4844_challenges_and_evaluate(gc_kzg_ctx *c, gc_fr *z, gc_fr *ys, uint32_t *bad, const uint8_t *blobs,
                                               const uint8_t *commitments, size_t n);

/** One pass's blobs for kzg_eip4844_intake. */
typedef struct {
    const uint8_t *blobs;       /* the pass's first blob */
    const uint8_t *commitments; /* the pass's first commitment; NULL: no challenges (z given) */
    const char *domain;         /* the challenges' 16 bytes */
    int validate;               /* 1: check each commitment first; 0: bad[] says which failed already */
    gc_fr *z;                   /* out: each blob's challenge, 0 where bad */
    uint32_t *bad;              /* per blob: 1 refused (validate sets it) */
} kzg_blob_intake;

/** The n blobs written to `to` on the current queue without waiting for the transfers,
 *  through `staging` (page-locked host memory of n blobs) where it is not NULL, each blob's
 *  challenge computed on the way where in->commitments; on the host's threads. The blobs
 *  and staging must stay unchanged until the queue has passed the writes. */
gc_kzg_ret kzg_eip4844_intake(gc_kzg_ctx *c, gc_buffer *to, uint8_t *staging, const kzg_blob_intake *in, size_t n);

/** The challenge domain of the context's compute_blob_kzg_proof: the tests' mutant (a
 *  wrong domain) and back. */
gc_kzg_ret kzg_eip4844_set_domain(gc_kzg_ctx *c, const char domain[16]);

#endif
