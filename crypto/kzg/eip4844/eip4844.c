/* SPDX-License-Identifier: Apache-2.0 */
/* eip4844.c — gc_kzg_compute_kzg_proof and gc_kzg_compute_blob_kzg_proof: EIP-4844 proofs
 * for batches of blobs, c-kzg-4844's answers (eip4844.gc has the arithmetic; the
 * quotient's commitment is the pipeline's inverse transform and commitment MSM, the
 * Lagrange-form commitment c-kzg makes, in monomial form). The host checks z; the
 * commitments and the Fiat-Shamir challenges are checked and computed on the way to the
 * device (intake.c); the device checks the blobs' elements. Outputs reach the caller only once every pass succeeded, and only for
 * accepted blobs. */
#include "crypto/kzg/eip4844/eip4844.h"
#include "common/clock.h"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ELEMS ((size_t)1 << KZG_LOG_BLOB)
#define SUM_WG 64u /* KZG_E4_SUM_WG in eip4844.gc */

typedef enum { E4_TERMS, E4_ROW_SUM, E4_Y, E4_QUOTIENT, E4_AT_Z, E4_COUNT } e4_id;
static const char *const e4_names[E4_COUNT] = {"eip4844_terms", "eip4844_row_sum", "eip4844_y", "eip4844_quotient",
                                               "eip4844_quotient_at_z"};

struct kzg_eip4844 {
    gc_kernel *k[E4_COUNT];
    gc_buffer *roots, *inv_n;      /* brp roots of order 4096; 1/4096 */
    gc_buffer *zs, *hit, *sums, *ys; /* the pass's */
    size_t pass_max;
    char domain[16]; /* the challenge's: FSBLOBVERIFY_V1_ (another only for the suite's mutant) */
    gc_fr *zs_host, *ys_host;
    uint32_t *hit_host, *bad_host;
    uint8_t *staging; /* the call's proofs and ys before they are published */
    size_t staging_bytes;
    gc_buffer *in_buf; /* page-locked staging of a pass's blobs (a GPU's; NULL elsewhere) */
    uint8_t *in_staging;
    size_t in_blobs; /* what in_buf holds */
};

void kzg_eip4844_free(kzg_eip4844 *e) {
    if (!e) return;
    gc_buffer *bufs[] = {e->roots, e->inv_n, e->zs, e->hit, e->sums, e->ys, e->in_buf};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) gc_buffer_free(bufs[i]);
    for (int i = 0; i < E4_COUNT; i++)
        if (e->k[i]) gc_kernel_free(e->k[i]);
    free(e->zs_host);
    free(e->ys_host);
    free(e->hit_host);
    free(e->bad_host);
    free(e->staging);
    free(e);
}

static gc_kzg_ret e4_constants(gc_kzg_ctx *c, kzg_eip4844 *e) {
    gc_fr *t = malloc(ELEMS * sizeof(gc_fr)), w, x;
    if (!t) return GC_KZG_MALLOC;
    gc_fr_root_of_unity(&w, KZG_LOG_BLOB);
    gc_fr_one(&x);
    for (uint32_t i = 0; i < ELEMS; i++) {
        t[gc_bit_reverse(i, KZG_LOG_BLOB)] = x;
        gc_fr_mul(&x, &x, &w);
    }
    gc_kzg_ret ret = kzg_upload(c, &e->roots, t, ELEMS * sizeof(gc_fr), "brp roots");
    free(t);
    gc_fr_fft_inv_n(&x, KZG_LOG_BLOB);
    return ret ? ret : kzg_upload(c, &e->inv_n, &x, sizeof x, "scale");
}

static gc_kzg_ret e4_create(gc_kzg_ctx *c, kzg_eip4844 **out) {
    kzg_eip4844 *e = calloc(1, sizeof *e);
    if (!e) return GC_KZG_MALLOC;
    size_t p = e->pass_max = c->info.max_batch;
    memcpy(e->domain, KZG_EIP4844_DOMAIN, sizeof e->domain);
    gc_kzg_ret ret = GC_KZG_OK;
    for (int i = 0; i < E4_COUNT && !ret; i++) {
        gc_status st = gc_kernel_get(c->mod, e4_names[i], &e->k[i]);
        if (st) ret = kzg_device_error(c, st, e4_names[i]);
    }
    e->zs_host = malloc(p * sizeof(gc_fr));
    e->ys_host = malloc(p * sizeof(gc_fr));
    e->hit_host = calloc(p, sizeof(uint32_t));
    e->bad_host = malloc(p * sizeof(uint32_t));
    if (!ret && (!e->zs_host || !e->ys_host || !e->hit_host || !e->bad_host)) ret = GC_KZG_MALLOC;
    if (!ret) ret = kzg_upload(c, &e->zs, NULL, p * sizeof(gc_fr), "challenges");
    if (!ret) ret = kzg_upload(c, &e->hit, NULL, p * sizeof(uint32_t), "domain hits");
    if (!ret) ret = kzg_upload(c, &e->sums, NULL, p * sizeof(gc_fr), "sums");
    if (!ret) ret = kzg_upload(c, &e->ys, NULL, p * sizeof(gc_fr), "evaluations");
    if (!ret) ret = e4_constants(c, e);
    if (ret) {
        kzg_eip4844_free(e);
        return ret;
    }
    *out = e;
    return GC_KZG_OK;
}

static gc_kzg_ret launch(gc_kzg_ctx *c, kzg_eip4844 *e, e4_id id, size_t items, size_t wg, int exact,
                         const gc_arg *a, size_t na) {
    size_t lim = gc_kernel_max_work_group_size(e->k[id]);
    if (wg > lim) {
        if (exact) {
            kzg_device_error(c, GC_ERR_UNSUPPORTED, e4_names[id]);
            return GC_KZG_DEVICE;
        }
        wg = lim;
    }
    gc_range rg = {1, {(items + wg - 1) / wg * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(e->k[id], &rg, a, na);
    return st ? kzg_device_error(c, st, e4_names[id]) : GC_KZG_OK;
}

/* Page-locked staging for a pass of n blobs, grown and never shrunk (128 KiB a blob: a
 * call's largest pass). Only where the device maps host memory does it pay (kzg_batch.c);
 * elsewhere, or where it cannot be had, the transfers read the caller's blobs. */
static uint8_t *in_staging(gc_kzg_ctx *c, kzg_eip4844 *e, size_t n) {
    const gc_device_info *di = gc_device_get_info(c->dev);
    if (e->in_blobs >= n || !di->is_gpu || !di->caps.host_mapped_memory) return e->in_staging;
    gc_buffer_free(e->in_buf);
    e->in_buf = NULL, e->in_staging = NULL, e->in_blobs = 0;
    if (gc_buffer_alloc(c->dev, n * GC_KZG_BYTES_PER_BLOB, GC_MEM_HOST_MAPPED, &e->in_buf) == GC_OK) {
        e->in_staging = gc_buffer_host_ptr(e->in_buf);
        e->in_blobs = n;
    }
    return e->in_staging;
}

/* The pass's proofs: bb.blobs uploaded, zs written; y to e->ys, and unless y_only the
 * proofs to bb.commit_bytes. */
static gc_kzg_ret queue_proofs(gc_kzg_ctx *c, kzg_eip4844 *e, size_t n, int y_only) {
    uint32_t count = (uint32_t)(n * ELEMS), nb = (uint32_t)n;
    gc_buffer *inv = c->batch.bb.ext, *terms = c->batch.bb.circ;
    gc_arg te[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(e->roots), GC_ARG_BUF(e->zs), GC_ARG_BUF(inv),
                   GC_ARG_BUF(terms),      GC_ARG_BUF(e->hit),   GC_ARG_VAL(count)};
    gc_arg su[] = {GC_ARG_BUF(terms), GC_ARG_BUF(e->sums)};
    gc_arg ya[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(e->zs), GC_ARG_BUF(e->hit), GC_ARG_BUF(e->sums),
                   GC_ARG_BUF(e->inv_n),   GC_ARG_BUF(e->ys), GC_ARG_VAL(nb)};
    gc_arg qu[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(e->roots), GC_ARG_BUF(e->zs), GC_ARG_BUF(inv),
                   GC_ARG_BUF(terms),      GC_ARG_BUF(e->hit),   GC_ARG_BUF(e->ys), GC_ARG_VAL(count)};
    gc_arg az[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(e->hit), GC_ARG_BUF(e->sums), GC_ARG_VAL(nb)};
    gc_kzg_ret ret;
    if ((ret = kzg_stage_blob_to_fr(c, n)) || (ret = launch(c, e, E4_TERMS, count, 64, 0, te, 7)) ||
        (ret = launch(c, e, E4_ROW_SUM, n * SUM_WG, SUM_WG, 1, su, 2)) ||
        (ret = launch(c, e, E4_Y, n, 64, 0, ya, 7)))
        return ret;
    if (y_only) return GC_KZG_OK;
    if ((ret = launch(c, e, E4_QUOTIENT, count, 64, 0, qu, 8)) ||
        (ret = launch(c, e, E4_ROW_SUM, n * SUM_WG, SUM_WG, 1, su, 2)) ||
        (ret = launch(c, e, E4_AT_Z, n, 64, 0, az, 4)) || (ret = kzg_stage_poly_ifft(c, n)))
        return ret;
    return kzg_stage_commitment(c, n);
}

typedef struct {
    const uint8_t *blobs;
    const uint8_t *commitments; /* NULL: z given; else z is each blob's challenge */
    int validate;     /* the commitments checked here (else bad[] has them) */
    gc_fr *z;         /* per blob of the call */
    uint32_t *bad;    /* per blob: 1 rejected */
    uint8_t *proofs, *ys; /* staging (ys NULL: not wanted) */
    gc_fr *y_only;    /* not NULL: only y, to here (Montgomery), no proofs */
    double ms[3];     /* GC_KZG_TRACE: copies in, kernels and copies out, the host after */
} e4_call;

static gc_kzg_ret run_pass(gc_kzg_ctx *c, kzg_eip4844 *e, e4_call *k, size_t first, size_t n) {
    gc_status st;
    gc_kzg_ret ret;
    double t0 = gc_clock_ms();
    if ((ret = kzg_use_queue(c, 0))) return ret;
    kzg_blob_intake in = {k->blobs + first * GC_KZG_BYTES_PER_BLOB,
                          k->commitments ? k->commitments + first * GC_KZG_BYTES_PER_COMMITMENT : NULL,
                          e->domain, k->validate, k->z + first, k->bad + first};
    if ((ret = kzg_eip4844_intake(c, c->batch.bb.blobs, in_staging(c, e, n), &in, n))) return ret;
    /* both stay unchanged until the pass's blocking reads (hit_host is all 0) */
    memcpy(e->zs_host, k->z + first, n * sizeof(gc_fr));
    if ((st = gc_buffer_write_async(e->zs, 0, e->zs_host, n * sizeof(gc_fr))) ||
        (st = gc_buffer_write_async(e->hit, 0, e->hit_host, n * sizeof(uint32_t))))
        return kzg_device_error(c, st, "copying challenges");
    double t1 = gc_clock_ms();
    if ((ret = queue_proofs(c, e, n, k->y_only != NULL))) return ret;
    if ((!k->y_only && (st = gc_buffer_read(c->batch.bb.commit_bytes, 0, k->proofs + first * GC_KZG_BYTES_PER_PROOF,
                                            n * GC_KZG_BYTES_PER_PROOF))) ||
        (st = gc_buffer_read(e->ys, 0, e->ys_host, n * sizeof(gc_fr))) ||
        (st = gc_buffer_read(c->batch.bb.bad, 0, e->bad_host, n * sizeof(uint32_t))))
        return kzg_device_error(c, st, "reading results");
    double t2 = gc_clock_ms();
    kzg_flags_of_pass(c, e->bad_host, n);
    for (size_t i = 0; i < n; i++) {
        k->bad[first + i] |= e->bad_host[i];
        if (k->y_only) k->y_only[first + i] = e->ys_host[i];
        else if (k->ys) gc_fr_to_bytes(k->ys + (first + i) * GC_FR_BYTES, &e->ys_host[i]);
    }
    k->ms[0] += t1 - t0;
    k->ms[1] += t2 - t1;
    k->ms[2] += gc_clock_ms() - t2;
    return GC_KZG_OK;
}

static gc_kzg_ret grow_staging(kzg_eip4844 *e, size_t bytes) {
    if (bytes <= e->staging_bytes) return GC_KZG_OK;
    free(e->staging);
    e->staging = malloc(bytes);
    e->staging_bytes = e->staging ? bytes : 0;
    return e->staging ? GC_KZG_OK : GC_KZG_MALLOC;
}

/* Every pass, then the accepted blobs' proofs (and ys) to the caller, and status. */
static gc_kzg_ret e4_of(gc_kzg_ctx *c, kzg_eip4844 **e) {
    gc_kzg_ret ret = c->eip4844 ? GC_KZG_OK : e4_create(c, &c->eip4844);
    *e = c->eip4844;
    return ret;
}

gc_kzg_ret kzg_eip4844_set_domain(gc_kzg_ctx *c, const char domain[16]) {
    kzg_eip4844 *e;
    gc_kzg_ret ret = e4_of(c, &e);
    if (!ret) memcpy(e->domain, domain, sizeof e->domain);
    return ret;
}

gc_kzg_ret kzg_eip4844_challenges_and_evaluate(gc_kzg_ctx *c, gc_fr *z, gc_fr *ys, uint32_t *bad, const uint8_t *blobs,
                                               const uint8_t *commitments, size_t n) {
    kzg_eip4844 *e;
    gc_kzg_ret ret = e4_of(c, &e);
    e4_call k = {blobs, commitments, 0, z, bad, NULL, NULL, ys, {0}};
    for (size_t first = 0; first < n && !ret; first += e->pass_max)
        ret = run_pass(c, e, &k, first, n - first < e->pass_max ? n - first : e->pass_max);
    return ret;
}

static gc_kzg_ret run_call(gc_kzg_ctx *c, e4_call *k, uint8_t *proofs, uint8_t *ys, size_t n, gc_kzg_ret *status) {
    kzg_eip4844 *e = c->eip4844;
    gc_kzg_ret ret = grow_staging(e, n * (GC_KZG_BYTES_PER_PROOF + GC_FR_BYTES));
    if (ret) return ret;
    k->proofs = e->staging;
    k->ys = ys ? e->staging + n * GC_KZG_BYTES_PER_PROOF : NULL;
    for (size_t first = 0; first < n && !ret; first += e->pass_max)
        ret = run_pass(c, e, k, first, n - first < e->pass_max ? n - first : e->pass_max);
    if (ret) return ret;
    for (size_t b = 0; b < n; b++) {
        if (status) status[b] = k->bad[b] ? GC_KZG_BADARGS : GC_KZG_OK;
        if (k->bad[b]) continue;
        memcpy(proofs + b * GC_KZG_BYTES_PER_PROOF, k->proofs + b * GC_KZG_BYTES_PER_PROOF, GC_KZG_BYTES_PER_PROOF);
        if (ys) memcpy(ys + b * GC_FR_BYTES, k->ys + b * GC_FR_BYTES, GC_FR_BYTES);
    }
    return GC_KZG_OK;
}

/* GC_KZG_TRACE: where a call's time went (docs/kzg.md) */
static void trace(const char *call, size_t n, const e4_call *k) {
    if (getenv("GC_KZG_TRACE"))
        fprintf(stderr, "gc_kzg %s: %zu blobs: blobs in (and challenges) %.2f ms, kernels and copies out %.2f ms, "
                        "host after %.2f ms\n", call, n, k->ms[0], k->ms[1], k->ms[2]);
}

static int call_args_ok(const gc_kzg_ctx *ctx, const void *proofs, const void *blobs, const void *per_blob, size_t n) {
    return ctx && proofs && blobs && per_blob && n && n <= SIZE_MAX / GC_KZG_BYTES_PER_BLOB / 4;
}

gc_kzg_ret gc_kzg_compute_kzg_proof(gc_kzg_ctx *ctx, uint8_t *proofs, uint8_t *ys, const uint8_t *blobs,
                                    const uint8_t *zs, size_t n, gc_kzg_ret *status) {
    if (!call_args_ok(ctx, proofs, blobs, zs, n) || !ys) return GC_KZG_BADARGS;
    kzg_eip4844 *e;
    gc_kzg_ret ret = e4_of(ctx, &e);
    if (ret) return ret;
    gc_fr *z = malloc(n * sizeof *z);
    uint32_t *bad = calloc(n, sizeof *bad);
    ret = GC_KZG_MALLOC;
    if (z && bad) {
        for (size_t b = 0; b < n; b++) { /* a z >= r rejects its blob; it runs with z = 0 */
            bad[b] = !gc_fr_from_bytes(&z[b], zs + b * GC_FR_BYTES);
            if (bad[b]) gc_fr_zero(&z[b]);
        }
        e4_call k = {blobs, NULL, 0, z, bad, NULL, NULL, NULL, {0}};
        ret = run_call(ctx, &k, proofs, ys, n, status);
        trace("compute_kzg_proof", n, &k);
    }
    free(z);
    free(bad);
    return ret;
}

gc_kzg_ret gc_kzg_compute_blob_kzg_proof(gc_kzg_ctx *ctx, uint8_t *proofs, const uint8_t *blobs,
                                         const uint8_t *commitments, size_t n, gc_kzg_ret *status) {
    if (!call_args_ok(ctx, proofs, blobs, commitments, n)) return GC_KZG_BADARGS;
    kzg_eip4844 *e;
    gc_kzg_ret ret = e4_of(ctx, &e);
    if (ret) return ret;
    gc_fr *z = malloc(n * sizeof *z);
    uint32_t *bad = calloc(n, sizeof *bad);
    ret = GC_KZG_MALLOC;
    if (z && bad) {
        e4_call k = {blobs, commitments, 1, z, bad, NULL, NULL, NULL, {0}};
        ret = run_call(ctx, &k, proofs, NULL, n, status);
        trace("compute_blob_kzg_proof", n, &k);
    }
    free(z);
    free(bad);
    return ret;
}
