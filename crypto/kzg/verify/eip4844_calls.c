/* SPDX-License-Identifier: Apache-2.0 */
/* eip4844_calls.c — gc_kzg_verify_kzg_proof, gc_kzg_verify_blob_kzg_proof and
 * gc_kzg_verify_blob_kzg_proof_batch (gc_kzg.h): the arguments' checks c-kzg makes, the
 * points decoded on the device, each blob's challenge (host) and evaluation (device,
 * crypto/kzg/eip4844), then the pairing side (openings.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"

#include "crypto/kzg/eip4844/eip4844.h"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/verify/openings.h"

#define G1_BYTES 48u
#define MAX_ITEMS ((size_t)1 << 24) /* decoding launches of 2^25 points at most */

/* One call's host memory: encodings, decoded points and their errors (commitment i and
 * proof i at 2 i, 2 i + 1), what is refused, z and y. */
typedef struct {
    uint8_t *enc;
    gc_g1a *cp;
    uint32_t *err, *bad;
    gc_fr *z, *y;
} e4v_work;

static void work_free(e4v_work *w) { free(w->enc), free(w->cp), free(w->err), free(w->bad), free(w->z), free(w->y); }

static gc_kzg_ret work_alloc(e4v_work *w, size_t n) {
    memset(w, 0, sizeof *w);
    w->enc = malloc(2 * n * G1_BYTES), w->cp = malloc(2 * n * sizeof *w->cp), w->err = malloc(8 * n);
    w->bad = calloc(n, 4), w->z = calloc(n, sizeof *w->z), w->y = calloc(n, sizeof *w->y);
    return w->enc && w->cp && w->err && w->bad && w->z && w->y ? GC_KZG_OK : GC_KZG_MALLOC;
}

/* The commitments and proofs decoded in one launch; bad[i] where either is refused. */
static gc_kzg_ret decode_pairs(gc_kzg_ctx *c, const kzg_verifier *v, e4v_work *w, const uint8_t *commitments,
                               const uint8_t *proofs, size_t n) {
    for (size_t i = 0; i < n; i++) {
        memcpy(w->enc + 2 * i * G1_BYTES, commitments + i * G1_BYTES, G1_BYTES);
        memcpy(w->enc + (2 * i + 1) * G1_BYTES, proofs + i * G1_BYTES, G1_BYTES);
    }
    if (kzg_verifier_decode(v, w->enc, (uint32_t)(2 * n), w->cp, w->err))
        return kzg_verify_refuse(c, GC_KZG_DEVICE, gc_last_error());
    for (size_t i = 0; i < n; i++) w->bad[i] |= w->err[2 * i] != GC_G1_OK || w->err[2 * i + 1] != GC_G1_OK;
    return GC_KZG_OK;
}

/* Each blob's challenge z (where its commitment decoded) and y = p(z); bad[i] also for a
 * blob with an element >= r. */
static gc_kzg_ret blob_openings(gc_kzg_ctx *c, e4v_work *w, const uint8_t *blobs, const uint8_t *commitments, size_t n) {
    return kzg_eip4844_challenges_and_evaluate(c, w->z, w->y, w->bad, blobs, commitments, n);
}

/* status[i] from bad[i]; the first refused item named in the context's message. */
static void statuses(gc_kzg_ctx *c, gc_kzg_ret *status, const uint32_t *bad, size_t n, const char *what) {
    int named = 0;
    for (size_t i = 0; i < n; i++) {
        if (status) status[i] = bad[i] ? GC_KZG_BADARGS : GC_KZG_OK;
        if (bad[i] && !named) {
            c->last_status = GC_ERR_ARGUMENT;
            snprintf(c->last_message, sizeof c->last_message, "item %zu: %s", i, what);
            named = 1;
        }
    }
}

/* GC_KZG_TRACE: where a call's time went (docs/kzg.md): t[0] the start, then after the
 * decoding, the challenges and evaluations, and the pairing side. */
static void trace(const char *call, size_t n, const double *t, int blobs) {
    if (!getenv("GC_KZG_TRACE")) return;
    fprintf(stderr, "gc_kzg %s: %zu items: decode %.2f ms, %s %.2f ms, openings and checks %.2f ms\n", call, n,
            t[1] - t[0], blobs ? "challenges and evaluations" : "scalars", t[2] - t[1], t[3] - t[2]);
}

static int args_ok(const gc_kzg_ctx *c, const void *ok, const void *a, const void *b, const void *d, size_t n) {
    return c && ok && a && b && d && n && n <= MAX_ITEMS;
}

/* n independent verifications in one call: of blobs at their challenges (blobs not NULL),
 * else of openings at the given zs and ys. */
static gc_kzg_ret verify_items(gc_kzg_ctx *ctx, bool *ok, gc_kzg_ret *status, const uint8_t *blobs,
                               const uint8_t *commitments, const uint8_t *zs, const uint8_t *ys, const uint8_t *proofs,
                               size_t n) {
    const kzg_verifier *v;
    e4v_work w = {0};
    bool *res = malloc(n * sizeof *res);
    double t[4] = {gc_clock_ms()};
    gc_kzg_ret r = kzg_ctx_verifier(ctx, &v);
    if (!r) r = work_alloc(&w, n);
    if (!r && !res) r = GC_KZG_MALLOC;
    if (!r) r = decode_pairs(ctx, v, &w, commitments, proofs, n);
    t[1] = gc_clock_ms();
    if (!r && blobs) r = blob_openings(ctx, &w, blobs, commitments, n);
    for (size_t i = 0; !r && !blobs && i < n; i++)
        if (!gc_fr_from_bytes(&w.z[i], zs + 32 * i) || !gc_fr_from_bytes(&w.y[i], ys + 32 * i)) w.bad[i] = 1;
    t[2] = gc_clock_ms();
    if (!r) r = kzg_verify_openings(v, res, w.cp, w.z, w.y, w.bad, n);
    t[3] = gc_clock_ms();
    if (!r) trace(blobs ? "verify_blob_kzg_proof" : "verify_kzg_proof", n, t, blobs != NULL);
    if (!r) {
        memcpy(ok, res, n * sizeof *ok);
        statuses(ctx, status, w.bad, n,
                 blobs ? "a commitment or proof that is not a point of the G1 subgroup, or an element >= r"
                       : "a commitment or proof that is not a point of the G1 subgroup, or z or y >= r");
    }
    work_free(&w);
    free(res);
    return r;
}

gc_kzg_ret gc_kzg_verify_kzg_proof(gc_kzg_ctx *ctx, bool *ok, const uint8_t *commitments, const uint8_t *zs,
                                   const uint8_t *ys, const uint8_t *proofs, size_t n, gc_kzg_ret *status) {
    if (!args_ok(ctx, ok, commitments, zs, proofs, n) || !ys) return GC_KZG_BADARGS;
    return verify_items(ctx, ok, status, NULL, commitments, zs, ys, proofs, n);
}

gc_kzg_ret gc_kzg_verify_blob_kzg_proof(gc_kzg_ctx *ctx, bool *ok, const uint8_t *blobs, const uint8_t *commitments,
                                        const uint8_t *proofs, size_t n, gc_kzg_ret *status) {
    if (!args_ok(ctx, ok, blobs, commitments, proofs, n)) return GC_KZG_BADARGS;
    return verify_items(ctx, ok, status, blobs, commitments, NULL, NULL, proofs, n);
}

gc_kzg_ret gc_kzg_verify_blob_kzg_proof_batch(gc_kzg_ctx *ctx, bool *ok, const uint8_t *blobs,
                                              const uint8_t *commitments, const uint8_t *proofs, size_t n) {
    if (!ctx) return GC_KZG_BADARGS;
    if (!ok) return kzg_verify_refuse(ctx, GC_KZG_BADARGS, "gc_kzg_verify_blob_kzg_proof_batch: ok is NULL");
    *ok = n == 0; /* as c-kzg: an empty batch is valid */
    if (n == 0) return GC_KZG_OK;
    if (!blobs || !commitments || !proofs || n > MAX_ITEMS)
        return kzg_verify_refuse(ctx, GC_KZG_BADARGS, "gc_kzg_verify_blob_kzg_proof_batch: a NULL array or n > 2^24");
    const kzg_verifier *v;
    e4v_work w = {0};
    bool res = false;
    double t[4] = {gc_clock_ms()};
    gc_kzg_ret r = kzg_ctx_verifier(ctx, &v);
    if (!r) r = work_alloc(&w, n);
    if (!r) r = decode_pairs(ctx, v, &w, commitments, proofs, n);
    t[1] = gc_clock_ms();
    if (!r) r = blob_openings(ctx, &w, blobs, commitments, n);
    t[2] = gc_clock_ms();
    for (size_t i = 0; !r && i < n; i++)
        if (w.bad[i]) {
            statuses(ctx, NULL, w.bad, n, "a commitment or proof that is not a point of the G1 subgroup, or an element >= r");
            r = GC_KZG_BADARGS;
        }
    /* c-kzg verifies a batch of one as verify_blob_kzg_proof: no random combination */
    if (!r) r = n == 1 ? kzg_verify_openings(v, &res, w.cp, w.z, w.y, NULL, 1)
                       : kzg_verify_openings_batch(v, &res, commitments, proofs, w.cp, w.z, w.y, n);
    t[3] = gc_clock_ms();
    if (!r) trace("verify_blob_kzg_proof_batch", n, t, 1);
    if (!r) *ok = res;
    work_free(&w);
    return r;
}
