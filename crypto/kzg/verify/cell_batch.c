/* SPDX-License-Identifier: Apache-2.0 */
/* cell_batch.c — the scalars of verify_cell_kzg_proof_batch's two MSMs (cell_batch.h). */
#include "crypto/kzg/verify/cell_batch.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* The inverse DFT over the 64th roots as an FFT: its twiddles (w_64^-t, t < 32) and the
 * 1/64 that the shift by h^-i takes on. The DFT by its definition cost 8,192 products a
 * column, which made a 128-cell batch's host side ~50 ms. */
typedef struct {
    gc_fr tw_inv[KZG_FIELD_ELEMENTS_PER_CELL / 2], inv_n, w8192;
} interp_consts;

static void interp_consts_init(interp_consts *k) {
    gc_fr_fft_twiddles(k->tw_inv, 6, 1);
    gc_fr_fft_inv_n(&k->inv_n, 6);
    gc_fr_root_of_unity(&k->w8192, 13);
}

/* agg_poly += I_col: the column's aggregated evaluations (cell order) bit-reversed,
 * inverse DFT over the 64th roots, coefficient i times h^-i with h = w_8192^rev7(col). */
static void add_column_interpolant(gc_fr *agg_poly, const gc_fr *column, unsigned col, const interp_consts *k) {
    gc_fr c[KZG_FIELD_ELEMENTS_PER_CELL], h_inv, s;
    for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) c[j] = column[rev_bits(j, 6)];
    gc_fr_fft_serial(c, k->tw_inv, 6, 0); /* unscaled: the 1/64 is in s */
    fr_pow_u32(&h_inv, &k->w8192, 8192u - rev_bits(col, 7));
    s = k->inv_n;
    for (unsigned i = 0; i < KZG_FIELD_ELEMENTS_PER_CELL; i++) {
        gc_fr t;
        gc_fr_mul(&t, &c[i], &s);
        gc_fr_add(&agg_poly[i], &agg_poly[i], &t);
        gc_fr_mul(&s, &s, &h_inv);
    }
}

/* ---- the columns, on several threads for a large batch ------------------------------ */

#define COLUMN_THREADS_MAX 16
#define CELLS_PER_THREAD_MIN 512 /* below this a thread costs more than its share */

typedef struct {
    const gc_fr *rk;          /* r^k per cell */
    const uint32_t *by_col;   /* the cells sorted by column */
    const uint32_t *col_start; /* by_col[col_start[c] .. col_start[c + 1]): column c's cells */
    const uint8_t *cells;
    const interp_consts *consts;
    unsigned col_lo, col_hi;
    gc_fr agg[KZG_FIELD_ELEMENTS_PER_CELL]; /* this part's share of I */
    int bad;                                /* an element >= r */
} column_part;

static void *column_part_run(void *arg) {
    column_part *p = arg;
    for (unsigned i = 0; i < KZG_FIELD_ELEMENTS_PER_CELL; i++) gc_fr_zero(&p->agg[i]);
    for (unsigned col = p->col_lo; col < p->col_hi && !p->bad; col++) {
        if (p->col_start[col] == p->col_start[col + 1]) continue;
        gc_fr column[KZG_FIELD_ELEMENTS_PER_CELL], t;
        for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) gc_fr_zero(&column[j]);
        for (uint32_t q = p->col_start[col]; q < p->col_start[col + 1] && !p->bad; q++) {
            uint32_t k = p->by_col[q];
            for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) {
                if (!gc_fr_from_bytes(&t, p->cells + (size_t)k * CELL_BYTES + 32 * j)) {
                    p->bad = 1;
                    break;
                }
                gc_fr_mul(&t, &t, &p->rk[k]);
                gc_fr_add(&column[j], &column[j], &t);
            }
        }
        if (!p->bad) add_column_interpolant(p->agg, column, col, p->consts);
    }
    return NULL;
}

/* I = sum over the used columns of their interpolants, the columns split over threads;
 * -1 for an element >= r. */
static int aggregate_columns(gc_fr *agg, const gc_fr *rk, const uint64_t *cell_indices, const uint8_t *cells,
                             size_t n, uint32_t *by_col, size_t parts) {
    uint32_t col_start[KZG_CELLS_PER_EXT_BLOB + 1] = {0}, fill[KZG_CELLS_PER_EXT_BLOB];
    for (size_t k = 0; k < n; k++) col_start[cell_indices[k] + 1]++;
    for (unsigned c = 0; c < KZG_CELLS_PER_EXT_BLOB; c++) col_start[c + 1] += col_start[c];
    memcpy(fill, col_start, sizeof fill);
    for (size_t k = 0; k < n; k++) by_col[fill[cell_indices[k]]++] = (uint32_t)k;
    interp_consts consts;
    interp_consts_init(&consts);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    if (!parts) {
        parts = n / CELLS_PER_THREAD_MIN;
        if (parts > (size_t)(cpus > 0 ? cpus : 1)) parts = (size_t)(cpus > 0 ? cpus : 1);
    }
    if (parts > COLUMN_THREADS_MAX) parts = COLUMN_THREADS_MAX;
    if (parts < 1) parts = 1;
    column_part part[COLUMN_THREADS_MAX];
    pthread_t tid[COLUMN_THREADS_MAX];
    int started[COLUMN_THREADS_MAX] = {0};
    for (size_t i = 0; i < parts; i++) {
        part[i] = (column_part){rk, by_col, col_start, cells, &consts, (unsigned)(KZG_CELLS_PER_EXT_BLOB * i / parts),
                                (unsigned)(KZG_CELLS_PER_EXT_BLOB * (i + 1) / parts), {{{0}}}, 0};
        started[i] = i > 0 && pthread_create(&tid[i], NULL, column_part_run, &part[i]) == 0;
    }
    int bad = 0;
    for (size_t i = 0; i < parts; i++) {
        if (started[i]) pthread_join(tid[i], NULL);
        else column_part_run(&part[i]); /* part 0, and any thread that could not start */
        bad |= part[i].bad;
    }
    for (unsigned j = 0; j < KZG_FIELD_ELEMENTS_PER_CELL; j++) {
        gc_fr_zero(&agg[j]);
        for (size_t i = 0; i < parts; i++) gc_fr_add(&agg[j], &agg[j], &part[i].agg[j]);
    }
    return bad ? -1 : 0;
}

int kzg_cell_batch_scalars(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u, const uint64_t *cidx,
                           const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs, size_t n) {
    return kzg_cell_batch_scalars_parts(ll, rl, unique, u, cidx, cell_indices, cells, proofs, n, 0);
}

/* Everything but the interpolant: the challenge r, LL's r^k, RL's commitment weights and
 * its r^k h_k^64 over the proofs, every r^k times `start` (1 where NULL); rk (n values,
 * Montgomery) gets them where not NULL. -2: no memory. */
static int scalars_but_interpolant(uint32_t *ll, uint32_t *rl, gc_fr *rk, const uint8_t *start, const uint8_t *unique,
                                   size_t u, const uint64_t *cidx, const uint64_t *cell_indices, const uint8_t *cells,
                                   const uint8_t *proofs, size_t n) {
    gc_fr *weights = calloc(u ? u : 1, sizeof *weights);
    if (!weights) return -2;
    uint8_t r_be[32];
    gc_fr r, rk_k, w128, t, h64[KZG_CELLS_PER_EXT_BLOB];
    kzg_cell_batch_challenge(r_be, unique, u, cidx, cell_indices, cells, proofs, n);
    gc_fr_from_bytes(&r, r_be); /* < r by construction */
    gc_fr_root_of_unity(&w128, 7);
    gc_fr_one(&h64[0]); /* h_col^64 = w_128^rev7(col): by column, not a power a cell */
    for (unsigned i = 1; i < KZG_CELLS_PER_EXT_BLOB; i++) gc_fr_mul(&h64[i], &h64[i - 1], &w128);
    if (!start || !gc_fr_from_bytes(&rk_k, start)) gc_fr_one(&rk_k);
    for (size_t k = 0; k < n; k++) {
        if (k > 0) gc_fr_mul(&rk_k, &rk_k, &r);
        if (rk) rk[k] = rk_k;
        to_limbs(ll + 8 * k, &rk_k);
        gc_fr_add(&weights[cidx[k]], &weights[cidx[k]], &rk_k);
        gc_fr_mul(&t, &rk_k, &h64[rev_bits((unsigned)cell_indices[k], 7)]);
        to_limbs(rl + 8 * (u + KZG_FIELD_ELEMENTS_PER_CELL + k), &t);
    }
    for (size_t i = 0; i < u; i++) to_limbs(rl + 8 * i, &weights[i]);
    free(weights);
    return 0;
}

int kzg_cell_batch_scalars_but_interpolant(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u,
                                           const uint64_t *cidx, const uint64_t *cell_indices, const uint8_t *cells,
                                           const uint8_t *proofs, size_t n, const uint8_t start[32]) {
    for (size_t k = 0; k < n; k++)
        if (cell_indices[k] >= KZG_CELLS_PER_EXT_BLOB) return -1;
    return scalars_but_interpolant(ll, rl, NULL, start, unique, u, cidx, cell_indices, cells, proofs, n);
}

int kzg_cell_batch_scalars_parts(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u, const uint64_t *cidx,
                                 const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs, size_t n,
                                 size_t parts) {
    for (size_t k = 0; k < n; k++)
        if (cell_indices[k] >= KZG_CELLS_PER_EXT_BLOB) return -1;
    gc_fr *rk = malloc((n ? n : 1) * sizeof *rk), t, agg[KZG_FIELD_ELEMENTS_PER_CELL];
    uint32_t *by_col = malloc((n ? n : 1) * sizeof *by_col);
    int ret = rk && by_col ? scalars_but_interpolant(ll, rl, rk, NULL, unique, u, cidx, cell_indices, cells, proofs, n) : -2;
    if (!ret) ret = aggregate_columns(agg, rk, cell_indices, cells, n, by_col, parts);
    for (unsigned i = 0; !ret && i < KZG_FIELD_ELEMENTS_PER_CELL; i++) {
        gc_fr_neg(&t, &agg[i]); /* - [I(s)] */
        to_limbs(rl + 8 * (u + i), &t);
    }
    free(rk);
    free(by_col);
    return ret;
}
