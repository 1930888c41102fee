/* SPDX-License-Identifier: Apache-2.0 */
/* challenge.c — the Fiat-Shamir challenges of batch verification (see challenge.h). */
#include "crypto/kzg/verify/challenge.h"

#include <string.h>

#include "crypto/bls12_381/fr.gc"
#include "device/sha256.h"

#define KZG_FIELD_ELEMENTS_PER_BLOB 4096u
#define KZG_FIELD_ELEMENTS_PER_CELL 64u
#define KZG_CELL_BYTES 2048u
#define KZG_G1_BYTES 48u
#define KZG_FR_BYTES 32u

static void put_u64be(gc_sha256 *s, uint64_t v) {
    uint8_t b[8];
    for (int i = 7; i >= 0; i--, v >>= 8) b[i] = (uint8_t)v;
    gc_sha256_update(s, b, 8);
}

size_t kzg_dedup_commitments(uint8_t *unique, uint64_t *indices, const uint8_t *commitments, size_t n) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) {
        size_t j = 0;
        while (j < count && memcmp(unique + KZG_G1_BYTES * j, commitments + KZG_G1_BYTES * i, KZG_G1_BYTES)) j++;
        if (j == count) memcpy(unique + KZG_G1_BYTES * count++, commitments + KZG_G1_BYTES * i, KZG_G1_BYTES);
        indices[i] = j;
    }
    return count;
}

/* a >= b, 8 little-endian limbs */
static int limbs_ge(const uint32_t *a, const uint32_t *b) {
    for (int i = 7; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i];
    return 1;
}

void kzg_reduce_be32_mod_r(uint8_t be[32]) {
    uint32_t l[8];
    for (int i = 0; i < 8; i++)
        l[i] = (uint32_t)be[31 - 4 * i] | (uint32_t)be[30 - 4 * i] << 8 | (uint32_t)be[29 - 4 * i] << 16 |
               (uint32_t)be[28 - 4 * i] << 24;
    while (limbs_ge(l, gc_fr_mod)) { /* 2^256 < 4 r: at most three rounds */
        uint64_t borrow = 0;
        for (int i = 0; i < 8; i++) {
            uint64_t d = (uint64_t)l[i] - gc_fr_mod[i] - borrow;
            l[i] = (uint32_t)d;
            borrow = (d >> 63) & 1u;
        }
    }
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++) be[31 - 4 * i - b] = (uint8_t)(l[i] >> (8 * b));
}

void kzg_cell_batch_challenge(uint8_t r_be[32], const uint8_t *unique_commitments, uint64_t n_commitments,
                              const uint64_t *commitment_indices, const uint64_t *cell_indices,
                              const uint8_t *cells, const uint8_t *proofs, uint64_t n_cells) {
    gc_sha256 s;
    gc_sha256_init(&s);
    gc_sha256_update(&s, KZG_CELL_BATCH_DOMAIN, KZG_CHALLENGE_DOMAIN_BYTES);
    put_u64be(&s, KZG_FIELD_ELEMENTS_PER_BLOB);
    put_u64be(&s, KZG_FIELD_ELEMENTS_PER_CELL);
    put_u64be(&s, n_commitments);
    put_u64be(&s, n_cells);
    gc_sha256_update(&s, unique_commitments, (size_t)n_commitments * KZG_G1_BYTES);
    for (uint64_t i = 0; i < n_cells; i++) {
        put_u64be(&s, commitment_indices[i]);
        put_u64be(&s, cell_indices[i]);
        gc_sha256_update(&s, cells + (size_t)i * KZG_CELL_BYTES, KZG_CELL_BYTES);
        gc_sha256_update(&s, proofs + (size_t)i * KZG_G1_BYTES, KZG_G1_BYTES);
    }
    gc_sha256_final(&s, r_be);
    kzg_reduce_be32_mod_r(r_be);
}

void kzg_blob_batch_challenge(uint8_t r_be[32], const uint8_t *commitments, const uint8_t *zs, const uint8_t *ys,
                              const uint8_t *proofs, uint64_t n) {
    gc_sha256 s;
    gc_sha256_init(&s);
    gc_sha256_update(&s, KZG_BLOB_BATCH_DOMAIN, KZG_CHALLENGE_DOMAIN_BYTES);
    put_u64be(&s, KZG_FIELD_ELEMENTS_PER_BLOB);
    put_u64be(&s, n);
    for (uint64_t i = 0; i < n; i++) {
        gc_sha256_update(&s, commitments + (size_t)i * KZG_G1_BYTES, KZG_G1_BYTES);
        gc_sha256_update(&s, zs + (size_t)i * KZG_FR_BYTES, KZG_FR_BYTES);
        gc_sha256_update(&s, ys + (size_t)i * KZG_FR_BYTES, KZG_FR_BYTES);
        gc_sha256_update(&s, proofs + (size_t)i * KZG_G1_BYTES, KZG_G1_BYTES);
    }
    gc_sha256_final(&s, r_be);
    kzg_reduce_be32_mod_r(r_be);
}
