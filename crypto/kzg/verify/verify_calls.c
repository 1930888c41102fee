/* SPDX-License-Identifier: Apache-2.0 */
/* verify_calls.c — gc_kzg_verify_cell_kzg_proof_batch(es) (gc_kzg.h) and the context's
 * verifier, built on first use from the setup points gc_kzg_ctx_create kept
 * (kzg_verify_state). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "crypto/kzg/kzg_internal.h"

gc_kzg_ret kzg_verify_refuse(gc_kzg_ctx *c, gc_kzg_ret r, const char *why) {
    c->last_status = r == GC_KZG_DEVICE ? GC_ERR_LAUNCH : r == GC_KZG_MALLOC ? GC_ERR_NO_MEMORY : GC_ERR_ARGUMENT;
    snprintf(c->last_message, sizeof c->last_message, "%s", why);
    return r;
}

gc_kzg_ret kzg_ctx_verifier(gc_kzg_ctx *c, const kzg_verifier **out) {
    kzg_verify_state *s = &c->verify;
    if (!s->have_points)
        return kzg_verify_refuse(c, GC_KZG_SETUP, "verification: the context was made without the setup's G2 points");
    if (!s->built) {
        kzg_verifier_points pts = {s->g1_monomial, &s->g2_s, &s->g2_s64};
        gc_kzg_ret r = kzg_verifier_create_from_points(&s->verifier, c->dev, &pts, s->mutant);
        if (r) {
            c->last_status = GC_ERR_COMPILE;
            snprintf(c->last_message, sizeof c->last_message, "verification kernels: %s", gc_last_error());
            return r;
        }
        s->built = 1;
    }
    *out = &s->verifier;
    return GC_KZG_OK;
}

void kzg_verify_set_mutant(gc_kzg_ctx *c, int mutant) {
    if (c->verify.built) kzg_verifier_free(&c->verify.verifier);
    c->verify.built = 0;
    c->verify.mutant = mutant;
}

/* Why batch b was refused, in c-kzg's terms: an index (checked first, as c-kzg does), else
 * a point encoding or an element. */
static void refusal_message(gc_kzg_ctx *c, const gc_kzg_cell_batch *x, size_t b) {
    if (!x->commitments || !x->cell_indices || !x->cells || !x->proofs) {
        snprintf(c->last_message, sizeof c->last_message, "batch %zu: a NULL array with %zu cells", b, x->num_cells);
        return;
    }
    for (size_t k = 0; k < x->num_cells; k++)
        if (x->cell_indices[k] >= GC_KZG_FIELD_ELEMENTS_PER_EXT_BLOB / GC_KZG_EIP7594_CELL_SIZE) {
            snprintf(c->last_message, sizeof c->last_message, "batch %zu: cell %zu has index %" PRIu64 " (>= 128)",
                     b, k, x->cell_indices[k]);
            return;
        }
    snprintf(c->last_message, sizeof c->last_message,
             "batch %zu: a commitment or proof is not a compressed point of the G1 subgroup, or a cell has an "
             "element >= r",
             b);
}

gc_kzg_ret gc_kzg_verify_cell_kzg_proof_batches(gc_kzg_ctx *ctx, bool *ok, gc_kzg_ret *status,
                                                const gc_kzg_cell_batch *batches, size_t num_batches) {
    if (!ctx) return GC_KZG_BADARGS;
    if (!ok || !status || (!batches && num_batches))
        return kzg_verify_refuse(ctx, GC_KZG_BADARGS, "gc_kzg_verify_cell_kzg_proof_batches: ok, status or batches is NULL");
    if (num_batches == 0) return GC_KZG_OK;
    const kzg_verifier *v;
    gc_kzg_ret r = kzg_ctx_verifier(ctx, &v);
    if (r) return r;
    r = kzg_verify_cell_proof_batches(v, ok, status, batches, num_batches);
    if (r == GC_KZG_BADARGS) return kzg_verify_refuse(ctx, r, "gc_kzg_verify_cell_kzg_proof_batches: more than 2^24 cells");
    if (r) return kzg_verify_refuse(ctx, r, r == GC_KZG_MALLOC ? "verification: out of host memory" : gc_last_error());
    for (size_t b = 0; b < num_batches; b++)
        if (status[b] == GC_KZG_BADARGS) {
            ctx->last_status = GC_ERR_ARGUMENT;
            refusal_message(ctx, &batches[b], b);
            break;
        }
    return GC_KZG_OK;
}

gc_kzg_ret gc_kzg_verify_cell_kzg_proof_batch(gc_kzg_ctx *ctx, bool *ok, const uint8_t *commitments,
                                              const uint64_t *cell_indices, const uint8_t *cells,
                                              const uint8_t *proofs, size_t num_cells) {
    if (!ctx) return GC_KZG_BADARGS;
    if (!ok) return kzg_verify_refuse(ctx, GC_KZG_BADARGS, "gc_kzg_verify_cell_kzg_proof_batch: ok is NULL");
    *ok = false;
    gc_kzg_cell_batch b = {commitments, cell_indices, cells, proofs, num_cells};
    gc_kzg_ret status = GC_KZG_OK, r = gc_kzg_verify_cell_kzg_proof_batches(ctx, ok, &status, &b, 1);
    if (r) *ok = false;
    return r ? r : status;
}
