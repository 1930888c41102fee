/* SPDX-License-Identifier: Apache-2.0 */
/* cell_columns_tests.c — the cell batches' interpolant term on the device
 * (crypto/kzg/verify/cell_columns.gc) against the host's (cell_batch.c), word for word, over
 * batches that the known answers do not reach: many cells a column (200 cells over 13
 * columns), several batches in one call, a batch of one cell, and a batch with an element
 * equal to r (refused, the others unaffected). */
#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/host.h"
#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/verify/challenge.h"
#include "crypto/kzg/verify/verifier.h"
#include "suites/kzg_verify/verify_suite.h"

#define CC_BATCHES 4u
#define CC_CELL_BYTES (32u * KZG_FIELD_ELEMENTS_PER_CELL)

static const size_t cc_cells[CC_BATCHES] = {200, 1, 57, 9};
static const unsigned cc_columns[CC_BATCHES] = {13, 128, 128, 5}; /* cell k's column: a hash mod this */

typedef struct {
    uint8_t *cells, *commitments, *proofs;
    uint64_t *idx;
} cc_batch;

/* Deterministic bytes; every element's top byte below r's (0x73), so every element < r. */
static void cc_fill(cc_batch *x, size_t n, unsigned cols, uint64_t seed) {
    for (size_t i = 0; i < n * CC_CELL_BYTES; i++) {
        x->cells[i] = (uint8_t)(gc_bls_splitmix64(seed + i) >> 24);
        if (i % 32 == 0) x->cells[i] &= 0x3f;
    }
    for (size_t i = 0; i < n * 48; i++) {
        x->commitments[i] = (uint8_t)(gc_bls_splitmix64(seed + 7 * i + 1) % 3); /* few unique */
        x->proofs[i] = (uint8_t)gc_bls_splitmix64(seed + 11 * i + 2);
    }
    for (size_t k = 0; k < n; k++) x->idx[k] = gc_bls_splitmix64(seed + 13 * k + 3) % cols;
}

static gc_status columns_run(gc_test_ctx *ctx) {
    kzg_verifier v;
    gc_status vst = kv_verifier_create(ctx, &v, 0);
    if (vst) return vst;
    cc_batch x[CC_BATCHES];
    gc_kzg_cell_batch b[CC_BATCHES];
    size_t slot[CC_BATCHES], u[CC_BATCHES], terms = 0;
    uint8_t *uniq[CC_BATCHES];
    uint64_t *cidx[CC_BATCHES];
    gc_status st = GC_OK;
    for (size_t i = 0; i < CC_BATCHES && !st; i++) {
        size_t n = cc_cells[i];
        x[i] = (cc_batch){gc_ctx_malloc(ctx, n * CC_CELL_BYTES), gc_ctx_malloc(ctx, n * 48), gc_ctx_malloc(ctx, n * 48),
                          gc_ctx_malloc(ctx, n * 8)};
        uniq[i] = gc_ctx_malloc(ctx, n * 48), cidx[i] = gc_ctx_malloc(ctx, n * 8);
        if (!x[i].cells || !x[i].commitments || !x[i].proofs || !x[i].idx || !uniq[i] || !cidx[i]) {
            st = GC_ERR_NO_MEMORY;
            break;
        }
        cc_fill(&x[i], n, cc_columns[i], 1000003u * (i + 1));
        b[i] = (gc_kzg_cell_batch){x[i].commitments, x[i].idx, x[i].cells, x[i].proofs, n};
        u[i] = kzg_dedup_commitments(uniq[i], cidx[i], x[i].commitments, n);
        slot[i] = terms;
        terms += 2 * n + u[i] + KZG_FIELD_ELEMENTS_PER_CELL;
    }
    uint32_t *want = gc_ctx_malloc(ctx, terms * 32), *got = gc_ctx_malloc(ctx, terms * 32);
    if (!st && (!want || !got)) st = GC_ERR_NO_MEMORY;
    if (!st) {
        /* batch 3: its 5th cell's element 7 = r */
        static const uint8_t r_be[32] = {0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8,
                                         0x08, 0x09, 0xa1, 0xd8, 0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe,
                                         0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01};
        memcpy(x[3].cells + 4 * CC_CELL_BYTES + 7 * 32, r_be, 32);
        memset(want, 0xAA, terms * 32);
        gc_kzg_ret status[CC_BATCHES] = {GC_KZG_OK, GC_KZG_OK, GC_KZG_OK, GC_KZG_OK};
        uint32_t want_status[CC_BATCHES] = {0}, got_status[CC_BATCHES];
        for (size_t i = 0; i < CC_BATCHES; i++) {
            uint32_t *ll = want + 8 * slot[i], *rl = ll + 8 * cc_cells[i];
            int r = kzg_cell_batch_scalars(ll, rl, uniq[i], u[i], cidx[i], x[i].idx, x[i].cells, x[i].proofs,
                                           cc_cells[i]);
            want_status[i] = r == -1 ? (uint32_t)GC_KZG_BADARGS : (uint32_t)GC_KZG_OK; /* the host's refusal */
        }
        memcpy(got, want, terms * 32); /* every term but the device's */
        for (size_t i = 0; i < 3; i++)
            memset(got + 8 * (slot[i] + cc_cells[i] + u[i]), 0xAA, KZG_FIELD_ELEMENTS_PER_CELL * 32);
        if (kzg_cell_columns_run(&v.cells, gc_ctx_device(ctx), b, CC_BATCHES, status, slot, u, got, terms)) {
            gc_ctx_error(ctx, "kzg_cell_columns_run failed on the device");
            st = GC_ERR_LAUNCH;
        } else {
            for (size_t i = 0; i < CC_BATCHES; i++) got_status[i] = (uint32_t)status[i];
            size_t span = KZG_FIELD_ELEMENTS_PER_CELL * 8; /* words of one batch's interpolant terms */
            uint32_t *w3 = gc_ctx_malloc(ctx, 3 * span * 4), *g3 = gc_ctx_malloc(ctx, 3 * span * 4);
            if (!w3 || !g3) {
                st = GC_ERR_NO_MEMORY;
            } else {
                for (size_t i = 0; i < 3; i++) {
                    memcpy(w3 + i * span, want + 8 * (slot[i] + cc_cells[i] + u[i]), span * 4);
                    memcpy(g3 + i * span, got + 8 * (slot[i] + cc_cells[i] + u[i]), span * 4);
                }
                gc_check_u32(ctx, "RL's interpolant terms of batches of 200 (13 columns), 1 and 57 cells, device vs "
                             "host", w3, g3, 3 * span);
                gc_check_u32(ctx, "batch status (the fourth holds an element = r: BADARGS), device vs host",
                             want_status, got_status, CC_BATCHES);
            }
        }
    }
    kzg_verifier_free(&v);
    return st;
}

void kv_register_cell_columns_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "cell_interpolants", .tags = "kzg,verify",
         .description = "verify_cell_kzg_proof_batch's interpolant terms on the device vs the host's, batches of "
                        "1 to 200 cells, an element = r refused",
         .budget_s = 600, .min_checks = 2, .run = columns_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
