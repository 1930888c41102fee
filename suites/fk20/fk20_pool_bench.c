/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_pool_bench.c — FK20 over several devices (issue 15's target: two GPUs at least
 * 1.8x the blobs/s of one). Two benchmarks, run in the same `gpucheck bench`:
 *   fk20.bench.L64.multi.one_device    a KZG pool over the test's device alone
 *   fk20.bench.L64.multi.all_devices   a KZG pool over every device like it (the same
 *                                      backend, GPU or CPU as it is), baseline one_device
 * Each sample is the wall time of one gc_kzg_pool_compute_cells_and_proofs (cells, proofs
 * and commitments, L = 64) over the same batch: 512 blobs (x --scale), or
 * --param fk20.multi_blobs=N. Throughput is blobs/s; all_devices's ratio to its baseline
 * is its median time over one_device's (0.5: twice the blobs/s). Both SKIP where fewer than
 * two such devices exist, so that the pair is always measured together.
 *
 * Before timing, the batch is computed once and checked against the known answers: the
 * blobs are five different random ones (consensus vectors valid_2, valid_3, valid_4; ckzg's
 * random_0, random_1) in turn, so every proof and every cell's SHA-256 is known, and ckzg's
 * commitments too; a slice put back in the wrong place would fail the check. */
#include <stdio.h>
#include <string.h>

#include "suites/fk20/fk20_suite.h"
#include "common/clock.h"

#define DEFAULT_BLOBS 512
#define N_KINDS 5
#define PROOF_BYTES (128 * 48)
#define CELL_BYTES (128 * 2048)

typedef enum { ONE_DEVICE, ALL_DEVICES } multi_kind;

typedef struct {
    fk20_owned owned;
    gc_kzg_pool *pool;
    gc_device *opened[GC_KZG_POOL_MAX_DEVICES]; /* the devices this test opened (not the harness's) */
    size_t n_opened, n;
    uint8_t *blobs, *cells, *proofs, *commitments;
    /* the known answers of each kind of blob */
    uint8_t kind_proofs[N_KINDS][PROOF_BYTES], kind_digests[N_KINDS][128][32], kind_commitment[N_KINDS][48];
    int kind_has_commitment[N_KINDS];
} multi_state;

/* Devices like `like`: the same backend, and a GPU if it is one (else not a GPU). */
static int same_kind(const gc_device_info *a, const gc_device_info *like) {
    return a->backend == like->backend && !a->is_gpu == !like->is_gpu;
}

static size_t count_like(const gc_device_info *like, char *ids, size_t ids_len) {
    size_t n = 0;
    if (ids_len) ids[0] = 0;
    for (size_t i = 0; i < gc_device_count(); i++) {
        const gc_device_info *d = gc_device_info_at(i);
        if (!d || !same_kind(d, like)) continue;
        if (ids_len && strlen(ids) + strlen(d->id) + 3 < ids_len)
            snprintf(ids + strlen(ids), ids_len - strlen(ids), "%s%s", n ? ", " : "", d->id);
        n++;
    }
    return n;
}

static const char *requires_two(const gc_test *t, const gc_device_info *info) {
    (void)t;
    static char why[512];
    char ids[256];
    size_t n = count_like(info, ids, sizeof ids);
    if (n >= 2) return NULL;
    snprintf(why, sizeof why, "needs two or more %s %s devices to compare one with all; this machine has %zu (%s)",
             gc_backend_name(info->backend), info->is_gpu ? "GPU" : "non-GPU", n, ids);
    return why;
}

/* The five kinds of blob and their known answers. */
static gc_status load_kinds(gc_test_ctx *ctx, multi_state *s, uint8_t *kind_blobs) {
    static const char *const consensus[] = {"valid_2", "valid_3", "valid_4"};
    for (int k = 0; k < 3; k++) {
        fk20_consensus_case c;
        gc_status st = fk20_load_consensus_case(ctx, consensus[k], &c);
        if (st) return st == GC_ERR_NOT_FOUND ? GC_ERR_UNSUPPORTED : st;
        memcpy(kind_blobs + (size_t)k * GC_KZG_BYTES_PER_BLOB, c.blob, GC_KZG_BYTES_PER_BLOB);
        memcpy(s->kind_proofs[k], c.proofs, PROOF_BYTES);
        fk20_cell_digests(s->kind_digests[k], (const uint8_t *)c.cells, 128, 2048);
    }
    fk20_ckzg_case *cases;
    size_t n_cases;
    gc_status st = fk20_load_ckzg_cases(ctx, &cases, &n_cases);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_ERR_UNSUPPORTED : st;
    static const char *const ckzg[] = {"random_0", "random_1"};
    for (int k = 3; k < N_KINDS; k++) {
        const fk20_ckzg_case *c = NULL;
        for (size_t i = 0; i < n_cases; i++)
            if (!strcmp(cases[i].name, ckzg[k - 3])) c = &cases[i];
        if (!c) {
            gc_ctx_error(ctx, "ckzg case %s missing from %s/ckzg_cells.txt", ckzg[k - 3], fk20_vectors_dir());
            return GC_ERR_PARSE;
        }
        memcpy(kind_blobs + (size_t)k * GC_KZG_BYTES_PER_BLOB, c->blob, GC_KZG_BYTES_PER_BLOB);
        memcpy(s->kind_proofs[k], c->proofs, PROOF_BYTES);
        memcpy(s->kind_digests[k], c->cell_sha256, sizeof s->kind_digests[k]);
        memcpy(s->kind_commitment[k], c->commitment, 48);
        s->kind_has_commitment[k] = 1;
    }
    return GC_OK;
}

static gc_status multi_setup(gc_test_ctx *ctx) {
    multi_kind kind = *(const multi_kind *)gc_ctx_test(ctx)->param;
    multi_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    memset(s, 0, sizeof *s);
    gc_ctx_set_state(ctx, s);
    const gc_device_info *me = gc_ctx_info(ctx);
    uint64_t blobs;
    s->n = gc_ctx_param_uint(ctx, "multi_blobs", &blobs) ? (size_t)blobs
                                                          : (size_t)(DEFAULT_BLOBS * gc_ctx_scale(ctx) + 0.5);
    if (s->n < 1) s->n = 1;
    uint8_t *kind_blobs = gc_ctx_malloc(ctx, N_KINDS * (size_t)GC_KZG_BYTES_PER_BLOB);
    s->blobs = gc_ctx_malloc(ctx, s->n * GC_KZG_BYTES_PER_BLOB);
    s->cells = gc_ctx_malloc(ctx, s->n * CELL_BYTES);
    s->proofs = gc_ctx_malloc(ctx, s->n * PROOF_BYTES);
    s->commitments = gc_ctx_malloc(ctx, s->n * 48);
    if (!kind_blobs || !s->blobs || !s->cells || !s->proofs || !s->commitments) return GC_ERR_NO_MEMORY;
    gc_status st = load_kinds(ctx, s, kind_blobs);
    if (st) return st;
    for (size_t b = 0; b < s->n; b++)
        memcpy(s->blobs + b * GC_KZG_BYTES_PER_BLOB, kind_blobs + (b % N_KINDS) * GC_KZG_BYTES_PER_BLOB,
               GC_KZG_BYTES_PER_BLOB);

    /* the devices: the harness's, then (all_devices) every other one like it, opened here */
    gc_device *devs[GC_KZG_POOL_MAX_DEVICES];
    size_t n_devs = 0;
    devs[n_devs++] = gc_ctx_device(ctx);
    for (size_t i = 0; kind == ALL_DEVICES && i < gc_device_count() && n_devs < GC_KZG_POOL_MAX_DEVICES; i++) {
        const gc_device_info *d = gc_device_info_at(i);
        if (!d || !same_kind(d, me) || !strcmp(d->id, me->id)) continue;
        gc_status ds = gc_device_open(i, &s->opened[s->n_opened]);
        if (ds) {
            gc_ctx_error(ctx, "opening %s: %s: %s", d->id, gc_status_name(ds), gc_last_error());
            return ds;
        }
        devs[n_devs++] = s->opened[s->n_opened++];
    }
    char ids[256];
    if (count_like(me, ids, sizeof ids) < 2) { /* the child sees fewer devices than the runner did */
        gc_ctx_skip(ctx, "%s", requires_two(gc_ctx_test(ctx), me));
        return GC_ERR_UNSUPPORTED;
    }
    char err[1024];
    gc_kzg_ret r = gc_kzg_setup_load_default(&s->owned.setup, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "default setup: %s: %s", gc_kzg_ret_name(r), err);
        return GC_ERR_PARSE;
    }
    gc_kzg_options opt = {64, 0, 0, 0, 0};
    r = gc_kzg_pool_create(&s->pool, devs, n_devs, s->owned.setup, &opt, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "gc_kzg_pool_create over %zu devices: %s: %s", n_devs, gc_kzg_ret_name(r), err);
        return GC_ERR_DEVICE_MEMORY;
    }
    const gc_kzg_pool_info *pi = gc_kzg_pool_get_info(s->pool);
    gc_ctx_note(ctx, "%zu blobs a call over %zu device%s (%s), contexts made in %.0f ms", s->n, n_devs,
                n_devs == 1 ? "" : "s", kind == ALL_DEVICES ? ids : me->id, pi->create_ms);
    for (size_t i = 0; i < n_devs; i++) {
        const gc_kzg_ctx_info *in = gc_kzg_ctx_get_info(gc_kzg_pool_ctx(s->pool, i));
        gc_ctx_note(ctx, "%s: comb teeth %u (commitments %u), precomputation %.1f MB in %.0f ms, %zu blobs per pass",
                    gc_device_get_info(devs[i])->id, in->comb_teeth, in->commit_teeth, in->precompute_bytes / 1048576.0,
                    in->precompute_ms, in->max_batch);
    }
    gc_ctx_figure(ctx, "devices", (double)n_devs, "");
    gc_ctx_figure(ctx, "blobs", (double)s->n, "");
    return GC_OK;
}

static void multi_teardown(gc_test_ctx *ctx) {
    multi_state *s = gc_ctx_state(ctx);
    if (!s) return;
    gc_kzg_pool_free(s->pool);
    s->pool = NULL;
    for (size_t i = 0; i < s->n_opened; i++) gc_device_close(s->opened[i]);
    s->n_opened = 0;
    fk20_teardown(ctx);
}

static gc_status pool_call(gc_test_ctx *ctx, multi_state *s) {
    gc_kzg_ret r = gc_kzg_pool_compute_cells_and_proofs(s->pool, s->cells, s->proofs, s->commitments, s->blobs, s->n,
                                                        NULL);
    if (!r) return GC_OK;
    const char *msg;
    gc_kzg_pool_last_error(s->pool, NULL, &msg);
    gc_ctx_error(ctx, "gc_kzg_pool_compute_cells_and_proofs: %s: %s", gc_kzg_ret_name(r),
                 msg[0] ? msg : gc_kzg_ret_message(r));
    return GC_ERR_DRIVER;
}

/* The known-answer check before timing: the whole batch once. */
static gc_status multi_run(gc_test_ctx *ctx) {
    multi_state *s = gc_ctx_state(ctx);
    memset(s->cells, gc_ctx_canary(ctx), s->n * CELL_BYTES);
    memset(s->proofs, gc_ctx_canary(ctx), s->n * PROOF_BYTES);
    memset(s->commitments, gc_ctx_canary(ctx), s->n * 48);
    return pool_call(ctx, s);
}

static gc_status multi_check(gc_test_ctx *ctx) {
    multi_state *s = gc_ctx_state(ctx);
    size_t n = s->n, n_commit = 0;
    uint8_t *wp = gc_ctx_malloc(ctx, n * PROOF_BYTES);
    uint8_t(*wd)[32] = gc_ctx_malloc(ctx, n * 128 * 32), (*gd)[32] = gc_ctx_malloc(ctx, n * 128 * 32);
    uint8_t *wc = gc_ctx_malloc(ctx, n * 48), *gc = gc_ctx_malloc(ctx, n * 48);
    if (!wp || !wd || !gd || !wc || !gc) return GC_ERR_NO_MEMORY;
    for (size_t b = 0; b < n; b++) {
        size_t k = b % N_KINDS;
        memcpy(wp + b * PROOF_BYTES, s->kind_proofs[k], PROOF_BYTES);
        memcpy(wd + b * 128, s->kind_digests[k], 128 * 32);
        fk20_cell_digests(gd + b * 128, s->cells + b * CELL_BYTES, 128, 2048);
        if (s->kind_has_commitment[k]) {
            memcpy(wc + n_commit * 48, s->kind_commitment[k], 48);
            memcpy(gc + n_commit * 48, s->commitments + b * 48, 48);
            n_commit++;
        }
    }
    /* whole proofs, digests and commitments as the elements */
    gc_check_custom(ctx, "proofs (every blob) vs the known answers", wp, s->proofs, n * 128, 48, NULL, NULL);
    gc_check_custom(ctx, "cells (SHA-256 of each) vs the known answers", wd, gd, n * 128, 32, NULL, NULL);
    if (n_commit) gc_check_custom(ctx, "commitments (ckzg's blobs) vs ckzg", wc, gc, n_commit, 48, NULL, NULL);
    return GC_OK;
}

static gc_status multi_sample(gc_test_ctx *ctx, unsigned iteration, double *ms, double *work) {
    (void)iteration;
    multi_state *s = gc_ctx_state(ctx);
    double t0 = gc_clock_ms();
    gc_status st = pool_call(ctx, s);
    *ms = gc_clock_ms() - t0;
    *work = (double)s->n;
    return st;
}

void fk20_register_pool_benchmarks(void) {
    static const multi_kind kinds[2] = {ONE_DEVICE, ALL_DEVICES};
    static const gc_test t[] = {
        {.suite = "fk20", .name = "bench.L64.multi.one_device", .tags = "fk20,kzg,bench,pool",
         .description = "FK20 pipeline, L = 64, 512 blobs a call on one device (wall time; the multi-device "
                        "baseline)",
         .budget_s = 900, .param = &kinds[0], .requires = requires_two, .setup = multi_setup, .run = multi_run,
         .check = multi_check, .teardown = multi_teardown, .sample = multi_sample, .unit = "blobs/s"},
        {.suite = "fk20", .name = "bench.L64.multi.all_devices", .tags = "fk20,kzg,bench,pool",
         .description = "FK20 pipeline, L = 64, 512 blobs a call split across every device like this one (wall "
                        "time)",
         .budget_s = 900, .param = &kinds[1], .requires = requires_two, .setup = multi_setup, .run = multi_run,
         .check = multi_check, .teardown = multi_teardown, .sample = multi_sample, .unit = "blobs/s",
         .baseline = "bench.L64.multi.one_device"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) gc_test_register(&t[i]);
    static const gc_param_def blobs = {"fk20", "multi_blobs", GC_PARAM_UINT, 1, 65536,
                                       "blobs a call of the fk20.bench.L64.multi.* benchmarks (default 512 x --scale)"};
    gc_param_register(&blobs);
}
