/* SPDX-License-Identifier: Apache-2.0 */
/* cell_batch.c — the scalars of verify_cell_kzg_proof_batch's two MSMs (cell_batch.h). */
#include "crypto/kzg/verify/cell_batch.h"

#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/host.h"
#include "crypto/kzg/verify/challenge.h"

#define CELL_BYTES (32u * KZG_FIELD_ELEMENTS_PER_CELL)

static unsigned rev_bits(unsigned v, unsigned bits) {
    unsigned r = 0;
    for (unsigned i = 0; i < bits; i++) r |= ((v >> i) & 1u) << (bits - 1 - i);
    return r;
}

static void fr_pow_u32(gc_fr *r, const gc_fr *a, uint32_t e) { gc_fr_pow(r, a, &e, 1); }

static void to_limbs(uint32_t *out, const gc_fr *mont) {
    gc_fr raw;
    gc_fr_from_mont(&raw, mont);
    memcpy(out, raw.l, 32);
}

/* agg_poly += I_col: the column's aggregated evaluations (cell order) bit-reversed,
 * inverse DFT over the 64th roots, coefficient i times h^-i with h = w_8192^rev7(col). */
static void add_column_interpolant(gc_fr *agg_poly, const gc_fr *column, unsigned col) {
    gc_fr v[KZG_FIELD_ELEMENTS_PER_CELL], c[KZG_FIELD_ELEMENTS_PER_CELL], w, h_inv, s;
    for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) v[j] = column[rev_bits(j, 6)];
    gc_fr_dft_naive(c, v, 6, 1);
    gc_fr_root_of_unity(&w, 13);
    fr_pow_u32(&h_inv, &w, 8192u - rev_bits(col, 7));
    gc_fr_one(&s);
    for (unsigned i = 0; i < KZG_FIELD_ELEMENTS_PER_CELL; i++) {
        gc_fr t;
        gc_fr_mul(&t, &c[i], &s);
        gc_fr_add(&agg_poly[i], &agg_poly[i], &t);
        gc_fr_mul(&s, &s, &h_inv);
    }
}

int kzg_cell_batch_scalars(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u, const uint64_t *cidx,
                           const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (cell_indices[k] >= KZG_CELLS_PER_EXT_BLOB) return -1;
    gc_fr *columns = calloc(KZG_CELLS_PER_EXT_BLOB * KZG_FIELD_ELEMENTS_PER_CELL, sizeof *columns);
    gc_fr *weights = calloc(u ? u : 1, sizeof *weights);
    unsigned char used[KZG_CELLS_PER_EXT_BLOB] = {0};
    int ret = columns && weights ? 0 : -2;
    uint8_t r_be[32];
    gc_fr r, rk, w128, hk, t;
    kzg_cell_batch_challenge(r_be, unique, u, cidx, cell_indices, cells, proofs, n);
    gc_fr_from_bytes(&r, r_be); /* < r by construction */
    gc_fr_one(&rk);
    gc_fr_root_of_unity(&w128, 7);
    for (size_t k = 0; !ret && k < n; k++) {
        unsigned col = (unsigned)cell_indices[k];
        used[col] = 1;
        to_limbs(ll + 8 * k, &rk);
        gc_fr_add(&weights[cidx[k]], &weights[cidx[k]], &rk);
        for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) {
            if (!gc_fr_from_bytes(&t, cells + k * CELL_BYTES + 32 * j)) {
                ret = -1;
                break;
            }
            gc_fr_mul(&t, &t, &rk);
            gc_fr *slot = &columns[col * KZG_FIELD_ELEMENTS_PER_CELL + j];
            gc_fr_add(slot, slot, &t);
        }
        fr_pow_u32(&hk, &w128, rev_bits(col, 7)); /* h_k^64 = w_128^rev7(col) */
        gc_fr_mul(&t, &rk, &hk);
        to_limbs(rl + 8 * (u + KZG_FIELD_ELEMENTS_PER_CELL + k), &t);
        gc_fr_mul(&rk, &rk, &r);
    }
    if (!ret) {
        gc_fr agg[KZG_FIELD_ELEMENTS_PER_CELL];
        for (unsigned i = 0; i < KZG_FIELD_ELEMENTS_PER_CELL; i++) gc_fr_zero(&agg[i]);
        for (unsigned col = 0; col < KZG_CELLS_PER_EXT_BLOB; col++)
            if (used[col]) add_column_interpolant(agg, columns + col * KZG_FIELD_ELEMENTS_PER_CELL, col);
        for (size_t i = 0; i < u; i++) to_limbs(rl + 8 * i, &weights[i]);
        for (unsigned i = 0; i < KZG_FIELD_ELEMENTS_PER_CELL; i++) {
            gc_fr_neg(&t, &agg[i]); /* - [I(s)] */
            to_limbs(rl + 8 * (u + i), &t);
        }
    }
    free(columns);
    free(weights);
    return ret;
}
