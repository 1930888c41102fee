/* SPDX-License-Identifier: Apache-2.0 */
/* blob_batch.c — the scalars of verify_blob_kzg_proof_batch's two MSMs (blob_batch.h). */
#include "crypto/kzg/verify/blob_batch.h"

#include <string.h>

#include "crypto/bls12_381/fr.gc"
#include "crypto/kzg/verify/challenge.h"

static void to_limbs(uint32_t *out, const gc_fr *mont) {
    gc_fr raw;
    gc_fr_from_mont(&raw, mont);
    memcpy(out, raw.l, 32);
}

int kzg_blob_batch_scalars(uint32_t *ll, uint32_t *rl, const uint8_t *commitments, const uint8_t *zs,
                           const uint8_t *ys, const uint8_t *proofs, size_t n) {
    uint8_t r_be[32];
    gc_fr r, ri, z, y, t, y_sum;
    kzg_blob_batch_challenge(r_be, commitments, zs, ys, proofs, n);
    gc_fr_from_bytes(&r, r_be); /* < r by construction */
    gc_fr_one(&ri);
    gc_fr_zero(&y_sum);
    for (size_t i = 0; i < n; i++) {
        if (!gc_fr_from_bytes(&z, zs + 32 * i) || !gc_fr_from_bytes(&y, ys + 32 * i)) return -1;
        to_limbs(ll + 8 * i, &ri);
        to_limbs(rl + 8 * i, &ri);
        gc_fr_mul(&t, &ri, &z);
        to_limbs(rl + 8 * (n + 1 + i), &t);
        gc_fr_mul(&t, &ri, &y);
        gc_fr_add(&y_sum, &y_sum, &t);
        gc_fr_mul(&ri, &ri, &r);
    }
    gc_fr_neg(&t, &y_sum);
    to_limbs(rl + 8 * n, &t);
    return 0;
}
