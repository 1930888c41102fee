/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_benchmarks.c — FK20 on the device, timed (the FK20 GPU project's benchmark
 * template): the whole pipeline (cells, proofs and commitments), cells and proofs alone
 * (what c-kzg's compute_cells_and_kzg_proofs returns) and each stage, at
 * L = 64 over 1, 64 and 128 blobs and at L = 16 over 1, 64 and 512 rows (a stage's input
 * is what the pipeline run of the check left in the batch buffers). Before timing,
 * the full pipeline is checked against the known answers (the template's preBenchTest);
 * each sample is the device time of one pass over the batch (gc_timer). */
#include <stdio.h>
#include <string.h>

#include "suites/fk20/fk20_suite.h"

typedef enum {
    B_PIPELINE, B_CELLS_PROOFS, B_POLY, B_CELLS, B_CIRCULANT, B_MSM, B_G1_FFTS, B_G1_CONV, B_G1_STRAUS, B_COMPRESS,
    B_COMMIT, B_PROOFS, B_COUNT
} bench_kind;
static const char *const bench_names[B_COUNT] = {"pipeline", "cells_proofs", "poly",      "cells",    "circulant_fft",
                                                 "msm",      "g1_ffts",      "g1_conv",   "g1_straus", "compress",
                                                 "commitment", "proofs"};

typedef struct {
    unsigned l;
    size_t batch;
    bench_kind kind;
} bench_param;

typedef struct {
    fk20_owned owned;
    fk20_stage_vectors v;
    uint8_t *blobs, *cells, *proofs, *commitments;
} bench_state;

static gc_status bench_setup(gc_test_ctx *ctx) {
    const bench_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    gc_status st = fk20_load_stage_vectors(ctx, p->l, 0, &s->v);
    if (st == GC_ERR_NOT_FOUND) return GC_ERR_UNSUPPORTED;
    size_t n = p->batch, cells = 8192 * 32, proofs = (size_t)2 * 4096 / p->l * 48;
    s->blobs = gc_ctx_malloc(ctx, n * GC_KZG_BYTES_PER_BLOB);
    s->cells = gc_ctx_malloc(ctx, n * cells);
    s->proofs = gc_ctx_malloc(ctx, n * proofs);
    s->commitments = gc_ctx_malloc(ctx, n * 48);
    if (st || !s->blobs || !s->cells || !s->proofs || !s->commitments) return st ? st : GC_ERR_NO_MEMORY;
    for (size_t b = 0; b < n; b++) memcpy(s->blobs + b * GC_KZG_BYTES_PER_BLOB, s->v.blob, GC_KZG_BYTES_PER_BLOB);
    /* the G1 convolution's own benchmark has it whatever the device's default */
    if ((st = fk20_ctx(ctx, &s->owned, p->l, n, p->kind == B_G1_CONV ? KZG_CONV_MAX_BATCH : 0, NULL))) return st;
    const gc_kzg_ctx_info *in = gc_kzg_ctx_get_info(s->owned.kc);
    gc_ctx_note(ctx,
                "L = %u, comb teeth %u (commitments %u), precomputation %.1f MB in %.0f ms, %zu blobs per pass, G1 "
                "convolution for passes of up to %u blobs",
                in->cell_size, in->comb_teeth, in->commit_teeth, in->precompute_bytes / 1048576.0, in->precompute_ms, in->max_batch,
                in->g1_conv_max_batch);
    return GC_OK;
}

/* The known-answer check before timing: the whole pipeline over the batch, or for
 * cells_proofs the call it times (no commitments: another pass schedule). */
static gc_status bench_run(gc_test_ctx *ctx) {
    const bench_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = gc_ctx_state(ctx);
    memset(s->cells, gc_ctx_canary(ctx), p->batch * 8192 * 32);
    memset(s->proofs, gc_ctx_canary(ctx), p->batch * 2 * 4096 / p->l * 48);
    memset(s->commitments, gc_ctx_canary(ctx), p->batch * 48);
    uint8_t *commitments = p->kind == B_CELLS_PROOFS ? NULL : s->commitments;
    gc_kzg_ret r =
        gc_kzg_compute_cells_and_proofs(s->owned.kc, s->cells, s->proofs, commitments, s->blobs, p->batch, NULL);
    return r ? fk20_kzg_error(ctx, s->owned.kc, r, "pipeline") : GC_OK;
}

static gc_status bench_check(gc_test_ctx *ctx) {
    const bench_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = gc_ctx_state(ctx);
    size_t pb = (size_t)2 * 4096 / p->l * 48;
    uint8_t *wp = gc_ctx_malloc(ctx, p->batch * pb), *wc = gc_ctx_malloc(ctx, p->batch * 48);
    if (!wp || !wc) return GC_ERR_NO_MEMORY;
    for (size_t b = 0; b < p->batch; b++) {
        memcpy(wp + b * pb, s->v.proofs, pb);
        memcpy(wc + b * 48, s->v.commitment, 48);
    }
    gc_check_bytes(ctx, "pipeline proofs (every blob) vs the known answers", wp, s->proofs, p->batch * pb);
    if (p->kind != B_CELLS_PROOFS) {
        gc_check_bytes(ctx, "pipeline commitments vs the known answers", wc, s->commitments, p->batch * 48);
        return GC_OK;
    }
    /* cells_proofs: the cells too (L = 64 only, whose ckzg answers keep each cell's
     * SHA-256), and the commitments' buffer untouched */
    gc_status st = fk20_check_cell_digests(ctx, "cells (SHA-256 of each, every blob) vs ckzg", s->cells, p->batch,
                                           s->v.cell_sha256);
    if (st) return st;
    memset(wc, gc_ctx_canary(ctx), p->batch * 48);
    gc_check_bytes(ctx, "commitments not asked for, left as they were", wc, s->commitments, p->batch * 48);
    return GC_OK;
}

static gc_status bench_sample(gc_test_ctx *ctx, unsigned iteration, double *ms, double *work) {
    (void)iteration;
    const bench_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = gc_ctx_state(ctx);
    gc_kzg_ctx *kc = s->owned.kc;
    size_t n = p->batch;
    gc_timer *t;
    gc_status st = gc_timer_start(kc->dev, &t);
    if (st) return st;
    gc_kzg_ret r = GC_KZG_OK;
    switch (p->kind) {
    case B_PIPELINE:
        r = gc_kzg_compute_cells_and_proofs(kc, s->cells, s->proofs, s->commitments, s->blobs, n, NULL);
        break;
    case B_CELLS_PROOFS: r = gc_kzg_compute_cells_and_proofs(kc, s->cells, s->proofs, NULL, s->blobs, n, NULL); break;
    case B_POLY: r = kzg_stage_blob_to_poly(kc, n); break;
    case B_CELLS: r = kzg_stage_cells(kc, n); break;
    case B_CIRCULANT: r = kzg_stage_circulant_fft(kc, n); break;
    case B_MSM: r = kzg_stage_fk20_msm(kc, n, 1); break;
    case B_G1_FFTS:
        if (!(r = kzg_stage_g1_ifft_truncate(kc, n))) r = kzg_stage_g1_fft(kc, n);
        break;
    case B_G1_CONV: r = kzg_stage_g1_conv(kc, n, 0); break;
    case B_G1_STRAUS: r = kzg_stage_g1_straus(kc, n); break;
    case B_COMPRESS: r = kzg_stage_compress_proofs(kc, n); break;
    case B_COMMIT: r = kzg_stage_commitment(kc, n); break;
    case B_PROOFS: /* what the FK20 GPU project's "FK20" line times: polynomial -> h_fft
                    * (G1 FFTs or convolution, as the pipeline chooses) */
        if (!(r = kzg_stage_fk20_scalars(kc, n)) && !(r = kzg_stage_fk20_msm(kc, n, KZG_MSM_SCALED_INTS_READY)))
            r = kzg_stages_u_to_proofs(kc, n);
        break;
    default: break;
    }
    st = gc_timer_stop(t, ms);
    if (r) return fk20_kzg_error(ctx, kc, r, bench_names[p->kind]);
    *work = (double)n;
    return st;
}

static const char *const bench_what[B_COUNT] = {
    "pipeline (cells, proofs and commitments)", "cells and proofs (no commitments: c-kzg's compute_cells_and_kzg_proofs)",
    "stage blob -> polynomial", "stage polynomial -> cells",
    "stage circulant FFTs", "stage MSM", "stages G1 inverse FFT + FFT",
    "stage G1 convolution (the G1 FFTs' map; in slices of g1_conv_max_batch blobs)",
    "stage G1 convolution of batches (Straus over groups of taps)", "stage proof compression",
    "stage commitment", "proofs from the polynomial (circulant FFTs, MSM, G1 FFTs)"};

#define N_CFG 9
static bench_param params[N_CFG][B_COUNT];
static char names[N_CFG][B_COUNT][64], descs[N_CFG][B_COUNT][128];

void fk20_register_benchmarks(void) {
    /* 8, 16 and 32 blobs at L = 64: around the pass size where the G1 convolution stops
     * paying (g1_conv_max_batch) */
    static const struct {
        unsigned l;
        size_t batch;
    } cfg[N_CFG] = {{64, 1}, {64, 8}, {64, 16}, {64, 32}, {64, 64}, {64, 128}, {16, 1}, {16, 64}, {16, 512}};
    for (int c = 0; c < N_CFG; c++)
        for (int k = 0; k < B_COUNT; k++) {
            if ((k == B_G1_CONV || k == B_G1_STRAUS || k == B_CELLS_PROOFS) && cfg[c].l != 64) continue; /* L = 64 only */
            params[c][k] = (bench_param){cfg[c].l, cfg[c].batch, (bench_kind)k};
            snprintf(names[c][k], 64, "bench.L%u.b%zu.%s", cfg[c].l, cfg[c].batch, bench_names[k]);
            snprintf(descs[c][k], 128, "FK20 %s, L = %u, %zu blob%s per pass", bench_what[k], cfg[c].l,
                     cfg[c].batch, cfg[c].batch == 1 ? "" : "s");
            gc_test t = {.suite = "fk20", .name = names[c][k], .tags = "fk20,kzg,bench",
                         .description = descs[c][k], .budget_s = 900, .param = &params[c][k],
                         .setup = bench_setup, .run = bench_run, .check = bench_check, .teardown = fk20_teardown,
                         .sample = bench_sample, .unit = "blobs/s"};
            gc_test_register(&t);
        }
}
