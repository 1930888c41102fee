/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_pool_tests.c — the KZG pool (gc_kzg_pool_* of gc_kzg.h) on the device: over one
 * device it must give the single context's bytes; over two contexts (the test's device
 * opened twice, so any machine can run it) it must cut the batch, compute both slices and
 * put every result back at its blob's index, reject bad blobs at their index in either
 * slice, report a device that fails by its index with nothing of its slice marked OK, and
 * refuse bad arguments before any device work.
 *
 * The blobs are EIP-7594 consensus vectors that are cheap on a CPU device (constant and
 * one-element blobs: the MSM skips zero bits; about 2 s each on PoCL instead of 11 s for a
 * random one) yet all different, so that a slice put back in the wrong place fails the
 * comparison; two of them have an element >= r. Each slice holds a bad blob in its middle,
 * and the contexts' passes are 2 blobs, so each device loops over two passes.
 *
 * A second failing call over the first four blobs (one pass a device) fails device 1 when
 * it reads its proofs back, after its cells went to the caller ahead of them (kzg_batch.c):
 * its slice must still read as it was. */
#include <stdio.h>
#include <string.h>

#include "suites/fk20/fk20_suite.h"

#define N_BLOBS 6
#define PASS_BLOBS 2
#define LATE_BLOBS 4 /* the late failure's call: blobs 0..1 on device 0, 2..3 on device 1 */
#define CELL_BYTES (128 * 2048)
#define PROOF_BYTES (128 * 48)

/* Slot order: a bad blob in the middle of each half (the two-context split is 3 + 3). */
static const char *const blob_names[N_BLOBS] = {"valid_1", "invalid_blob_1", "valid_5",
                                                "valid_6", "invalid_blob_0", "valid_0"};

/* One call's outputs, canary-filled before it. */
typedef struct {
    uint8_t *cells, *proofs, *commitments;
    gc_kzg_ret status[N_BLOBS];
    gc_kzg_ret ret;
} pool_outputs;

typedef struct {
    fk20_owned owned; /* the setup (owned.kc stays NULL: the pool owns its contexts) */
    gc_kzg_pool *pool;
    gc_device *second; /* the test's device opened again (two_contexts) */
    fk20_consensus_case cases[N_BLOBS];
    uint8_t *blobs;
    /* one_device: pool, single. two_contexts: pool (cells, proofs, commitments), cells
     * alone, commitments alone, the single context of device 0 over the whole batch, a
     * call with device 1 failing, and the argument errors. */
    pool_outputs pool_out, single, cells_only, commit_only, failing, failing_late;
    gc_kzg_ret failing_ret, failing_late_ret;
    size_t failing_device, failing_late_device;
    char failing_message[1024], failing_late_message[1024];
    uint32_t arg_rets[8];
    uint8_t *untouched; /* the outputs the refused calls were given */
    gc_kzg_ret untouched_status[N_BLOBS];
} pool_state;

static gc_status alloc_outputs(gc_test_ctx *ctx, pool_outputs *o) {
    o->cells = gc_ctx_malloc(ctx, N_BLOBS * CELL_BYTES);
    o->proofs = gc_ctx_malloc(ctx, N_BLOBS * PROOF_BYTES);
    o->commitments = gc_ctx_malloc(ctx, N_BLOBS * 48);
    return o->cells && o->proofs && o->commitments ? GC_OK : GC_ERR_NO_MEMORY;
}

static void poison(gc_test_ctx *ctx, pool_outputs *o) {
    memset(o->cells, gc_ctx_canary(ctx), N_BLOBS * CELL_BYTES);
    memset(o->proofs, gc_ctx_canary(ctx), N_BLOBS * PROOF_BYTES);
    memset(o->commitments, gc_ctx_canary(ctx), N_BLOBS * 48);
    /* a stale GC_KZG_OK is what a caller must never be left believing */
    for (int b = 0; b < N_BLOBS; b++) o->status[b] = GC_KZG_OK;
}

static gc_status pool_setup(gc_test_ctx *ctx, int two) {
    pool_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    s->blobs = gc_ctx_malloc(ctx, N_BLOBS * GC_KZG_BYTES_PER_BLOB);
    s->untouched = gc_ctx_malloc(ctx, CELL_BYTES + PROOF_BYTES + 48);
    if (!s->blobs || !s->untouched) return GC_ERR_NO_MEMORY;
    gc_status st;
    pool_outputs *outs[] = {&s->pool_out, &s->single, &s->cells_only, &s->commit_only, &s->failing, &s->failing_late};
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
        if ((st = alloc_outputs(ctx, outs[i]))) return st;
    for (int b = 0; b < N_BLOBS; b++) {
        if ((st = fk20_load_consensus_case(ctx, blob_names[b], &s->cases[b])))
            return st == GC_ERR_NOT_FOUND ? GC_ERR_UNSUPPORTED : st;
        memcpy(s->blobs + (size_t)b * GC_KZG_BYTES_PER_BLOB, s->cases[b].blob, GC_KZG_BYTES_PER_BLOB);
    }
    char err[1024];
    gc_kzg_ret r = gc_kzg_setup_load_default(&s->owned.setup, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "default setup: %s: %s", gc_kzg_ret_name(r), err);
        return GC_ERR_PARSE;
    }
    gc_device *devs[2] = {gc_ctx_device(ctx), NULL};
    if (two) {
        size_t idx;
        gc_status ds = gc_device_find(gc_ctx_info(ctx)->id, &idx);
        if (!ds) ds = gc_device_open(idx, &s->second);
        if (ds) {
            gc_ctx_error(ctx, "opening %s a second time: %s: %s", gc_ctx_info(ctx)->id, gc_status_name(ds),
                         gc_last_error());
            return ds;
        }
        devs[1] = s->second;
    }
    gc_kzg_options opt = {64, 0, PASS_BLOBS, 0, 0};
    r = gc_kzg_pool_create(&s->pool, devs, two ? 2 : 1, s->owned.setup, &opt, err, sizeof err);
    if (r) {
        gc_ctx_error(ctx, "gc_kzg_pool_create: %s: %s", gc_kzg_ret_name(r), err);
        return GC_ERR_DEVICE_MEMORY;
    }
    const gc_kzg_pool_info *pi = gc_kzg_pool_get_info(s->pool);
    for (size_t i = 0; i < pi->n_devices; i++) {
        const gc_kzg_ctx_info *in = gc_kzg_ctx_get_info(gc_kzg_pool_ctx(s->pool, i));
        gc_ctx_note(ctx, "context %zu: comb teeth %u (commitments %u), precomputation %.1f MB in %.0f ms, %zu blobs "
                    "per pass", i, in->comb_teeth, in->commit_teeth, in->precompute_bytes / 1048576.0,
                    in->precompute_ms, in->max_batch);
    }
    gc_ctx_figure(ctx, "pool_create_ms", pi->create_ms, "ms");
    return GC_OK;
}

static gc_status one_device_setup(gc_test_ctx *ctx) { return pool_setup(ctx, 0); }
static gc_status two_contexts_setup(gc_test_ctx *ctx) { return pool_setup(ctx, 1); }

static void pool_teardown(gc_test_ctx *ctx) {
    pool_state *s = gc_ctx_state(ctx);
    if (!s) return;
    gc_kzg_pool_free(s->pool);
    s->pool = NULL;
    gc_device_close(s->second);
    s->second = NULL;
    fk20_teardown(ctx);
}

/* A call failed as a whole where it must not: ERROR with the pool's message. */
static gc_status call_error(gc_test_ctx *ctx, gc_kzg_pool *pool, gc_kzg_ret r, const char *what) {
    const char *msg;
    gc_kzg_pool_last_error(pool, NULL, &msg);
    gc_ctx_error(ctx, "%s: %s: %s", what, gc_kzg_ret_name(r), msg[0] ? msg : gc_kzg_ret_message(r));
    return GC_ERR_DRIVER;
}

static gc_status one_device_run(gc_test_ctx *ctx) {
    pool_state *s = gc_ctx_state(ctx);
    poison(ctx, &s->pool_out);
    poison(ctx, &s->single);
    gc_kzg_ret r = gc_kzg_pool_compute_cells_and_proofs(s->pool, s->pool_out.cells, s->pool_out.proofs,
                                                        s->pool_out.commitments, s->blobs, N_BLOBS, s->pool_out.status);
    if (r) return call_error(ctx, s->pool, r, "gc_kzg_pool_compute_cells_and_proofs");
    gc_kzg_ctx *kc = gc_kzg_pool_ctx(s->pool, 0);
    r = gc_kzg_compute_cells_and_proofs(kc, s->single.cells, s->single.proofs, s->single.commitments, s->blobs, N_BLOBS,
                                        s->single.status);
    return r ? fk20_kzg_error(ctx, kc, r, "gc_kzg_compute_cells_and_proofs") : GC_OK;
}

/* A call of n blobs with device 1 failing, through the context's fault injection: early
 * (fail_blobs_in), where a pass takes its blobs in, before it computes anything; late
 * (fail_proofs_read), where it reads its proofs back, after its cells were read and handed
 * to the caller ahead of them. Both fail as a device failure there does (kzg_device_error,
 * GC_KZG_DEVICE). The early fault is not a swapped blob buffer whose copy fails: on a GPU
 * with page-locked mapped staging a pass of a few blobs is never copied into that buffer
 * (its first launch reads the blobs over the bus), so the call would succeed. */
static gc_status failing_call(gc_test_ctx *ctx, pool_state *s, int late, size_t n, pool_outputs *o, gc_kzg_ret *ret,
                              size_t *device, char *message, size_t message_size) {
    gc_kzg_ctx *kc = gc_kzg_pool_ctx(s->pool, 1);
    kc->batch.fail_blobs_in = !late;
    kc->batch.fail_proofs_read = late;
    poison(ctx, o);
    *ret = gc_kzg_pool_compute_cells_and_proofs(s->pool, o->cells, o->proofs, o->commitments, s->blobs, n, o->status);
    kc->batch.fail_blobs_in = 0;
    kc->batch.fail_proofs_read = 0;
    const char *msg;
    gc_kzg_pool_last_error(s->pool, device, &msg);
    snprintf(message, message_size, "%s", msg);
    gc_ctx_note(ctx, "device 1 failing (%zu blobs): %s: %s", n, gc_kzg_ret_name(*ret), msg);
    return GC_OK;
}

/* Every call the pool must refuse before any device work, on this live pool. */
static void refused_calls(gc_test_ctx *ctx, pool_state *s) {
    uint8_t *c = s->untouched, *p = c + CELL_BYTES, *k = p + PROOF_BYTES;
    memset(c, gc_ctx_canary(ctx), CELL_BYTES + PROOF_BYTES + 48);
    gc_kzg_ret *st = s->untouched_status;
    for (int b = 0; b < N_BLOBS; b++) st[b] = GC_KZG_ERROR; /* must stay so */
    gc_kzg_pool *pool = s->pool;
    uint32_t *r = s->arg_rets;
    r[0] = gc_kzg_pool_compute_cells_and_proofs(pool, c, p, k, NULL, 1, st);          /* no blobs */
    r[1] = gc_kzg_pool_compute_cells_and_proofs(pool, c, p, k, s->blobs, 0, st);      /* zero blobs */
    r[2] = gc_kzg_pool_compute_cells_and_proofs(pool, c, NULL, k, s->blobs, 1, st);   /* no proofs */
    r[3] = gc_kzg_pool_compute_cells(pool, NULL, s->blobs, 1, st);                     /* no cells */
    r[4] = gc_kzg_pool_blob_to_commitment(pool, NULL, s->blobs, 1, st);               /* no commitments */
    r[5] = gc_kzg_pool_compute_cells_and_proofs(pool, c, p, k, s->blobs, SIZE_MAX / 2, st); /* too many */
    r[6] = gc_kzg_pool_compute_cells_and_proofs(NULL, c, p, k, s->blobs, 1, st);      /* no pool */
    size_t dev = 0;
    const char *msg = "x";
    r[7] = gc_kzg_pool_last_error(pool, &dev, &msg) == GC_KZG_OK && dev == SIZE_MAX && !msg[0]; /* no device failed */
}

static gc_status two_contexts_run(gc_test_ctx *ctx) {
    pool_state *s = gc_ctx_state(ctx);
    gc_kzg_pool *pool = s->pool;
    poison(ctx, &s->pool_out);
    poison(ctx, &s->cells_only);
    poison(ctx, &s->commit_only);
    poison(ctx, &s->single);
    gc_kzg_ret r = gc_kzg_pool_compute_cells_and_proofs(pool, s->pool_out.cells, s->pool_out.proofs,
                                                        s->pool_out.commitments, s->blobs, N_BLOBS, s->pool_out.status);
    if (r) return call_error(ctx, pool, r, "gc_kzg_pool_compute_cells_and_proofs");
    if ((r = gc_kzg_pool_compute_cells(pool, s->cells_only.cells, s->blobs, N_BLOBS, s->cells_only.status)))
        return call_error(ctx, pool, r, "gc_kzg_pool_compute_cells");
    if ((r = gc_kzg_pool_blob_to_commitment(pool, s->commit_only.commitments, s->blobs, N_BLOBS,
                                            s->commit_only.status)))
        return call_error(ctx, pool, r, "gc_kzg_pool_blob_to_commitment");
    /* the reference: device 0's context alone over the whole batch */
    gc_kzg_ctx *kc = gc_kzg_pool_ctx(pool, 0);
    r = gc_kzg_compute_cells_and_proofs(kc, s->single.cells, s->single.proofs, s->single.commitments, s->blobs, N_BLOBS,
                                        s->single.status);
    if (r) return fk20_kzg_error(ctx, kc, r, "gc_kzg_compute_cells_and_proofs");
    gc_status st = failing_call(ctx, s, 0, N_BLOBS, &s->failing, &s->failing_ret, &s->failing_device,
                                s->failing_message, sizeof s->failing_message);
    if (!st)
        st = failing_call(ctx, s, 1, LATE_BLOBS, &s->failing_late, &s->failing_late_ret, &s->failing_late_device,
                          s->failing_late_message, sizeof s->failing_late_message);
    if (st) return st;
    refused_calls(ctx, s);
    return GC_OK;
}

/* ---- checks ---- */

/* Whole cells, proofs or commitments as the elements: a written one never equals the
 * canary pattern, so only the outputs that must stay untouched read as such. */
static void check_items(gc_test_ctx *ctx, const char *label, void *expected, const void *got, size_t bytes,
                        size_t item) {
    gc_check_custom(ctx, label, expected, got, bytes / item, item, NULL, NULL);
}

/* The expected outputs for every slot; `failed_from`: slots from there on belong to a
 * failed device: untouched (canary) and status `failed_ret`. */
typedef struct {
    uint32_t status[N_BLOBS];
    uint8_t *cells, *proofs;
} expected_outputs;

static gc_status expect(gc_test_ctx *ctx, const pool_state *s, size_t failed_from, gc_kzg_ret failed_ret,
                        expected_outputs *e) {
    e->cells = gc_ctx_malloc(ctx, N_BLOBS * CELL_BYTES);
    e->proofs = gc_ctx_malloc(ctx, N_BLOBS * PROOF_BYTES);
    if (!e->cells || !e->proofs) return GC_ERR_NO_MEMORY;
    for (size_t b = 0; b < N_BLOBS; b++) {
        const fk20_consensus_case *c = &s->cases[b];
        int written = c->valid && b < failed_from;
        e->status[b] = b >= failed_from ? failed_ret : c->valid ? GC_KZG_OK : GC_KZG_BADARGS;
        if (written) {
            memcpy(e->cells + b * CELL_BYTES, c->cells, CELL_BYTES);
            memcpy(e->proofs + b * PROOF_BYTES, c->proofs, PROOF_BYTES);
        } else {
            memset(e->cells + b * CELL_BYTES, gc_ctx_canary(ctx), CELL_BYTES);
            memset(e->proofs + b * PROOF_BYTES, gc_ctx_canary(ctx), PROOF_BYTES);
        }
    }
    return GC_OK;
}

static gc_status one_device_check(gc_test_ctx *ctx) {
    pool_state *s = gc_ctx_state(ctx);
    expected_outputs e;
    gc_status st = expect(ctx, s, N_BLOBS, GC_KZG_OK, &e);
    if (st) return st;
    gc_check_u32(ctx, "pool status (OK, BADARGS for an element >= r)", e.status, (const uint32_t *)s->pool_out.status,
                 N_BLOBS);
    check_items(ctx, "pool cells vs the consensus vectors", e.cells, s->pool_out.cells, N_BLOBS * CELL_BYTES, 2048);
    check_items(ctx, "pool proofs vs the consensus vectors", e.proofs, s->pool_out.proofs, N_BLOBS * PROOF_BYTES, 48);
    /* byte for byte the single context's, commitments and status included */
    gc_check_u32(ctx, "pool status vs the single context's", (uint32_t *)s->single.status,
                 (const uint32_t *)s->pool_out.status, N_BLOBS);
    check_items(ctx, "pool cells vs the single context's", s->single.cells, s->pool_out.cells, N_BLOBS * CELL_BYTES,
                2048);
    check_items(ctx, "pool proofs vs the single context's", s->single.proofs, s->pool_out.proofs,
                N_BLOBS * PROOF_BYTES, 48);
    check_items(ctx, "pool commitments vs the single context's", s->single.commitments, s->pool_out.commitments,
                N_BLOBS * 48, 48);
    return GC_OK;
}

/* A call of n blobs in which device 1 (the second half, n / 2 on) failed: GC_KZG_DEVICE,
 * device index 1 and a message starting with want_text; the first half written, the
 * second as it was (canary) with status GC_KZG_DEVICE. */
static gc_status check_failed_call(gc_test_ctx *ctx, const pool_state *s, const char *label, const pool_outputs *o,
                                   gc_kzg_ret ret, size_t device, const char *message, const char *want_text,
                                   size_t n) {
    expected_outputs f;
    gc_status st = expect(ctx, s, n / 2, GC_KZG_DEVICE, &f);
    if (st) return st;
    uint32_t want[3] = {GC_KZG_DEVICE, 1, 1};
    uint32_t got[3] = {ret, (uint32_t)device, strstr(message, want_text) == message};
    if (!got[2]) gc_ctx_note(ctx, "%s: expected a message starting '%s'", label, want_text);
    char what[128];
    snprintf(what, sizeof what, "%s: result, device index, message", label);
    gc_check_u32(ctx, what, want, got, 3);
    snprintf(what, sizeof what, "%s: status (its slice GC_KZG_DEVICE)", label);
    gc_check_u32(ctx, what, f.status, (const uint32_t *)o->status, n);
    snprintf(what, sizeof what, "%s: cells (its slice as it was)", label);
    check_items(ctx, what, f.cells, o->cells, n * CELL_BYTES, 2048);
    snprintf(what, sizeof what, "%s: proofs (its slice as it was)", label);
    check_items(ctx, what, f.proofs, o->proofs, n * PROOF_BYTES, 48);
    return GC_OK;
}

static gc_status two_contexts_check(gc_test_ctx *ctx) {
    pool_state *s = gc_ctx_state(ctx);
    expected_outputs e;
    gc_status st;
    if ((st = expect(ctx, s, N_BLOBS, GC_KZG_OK, &e))) return st;
    /* the split across two contexts, put back in input order */
    gc_check_u32(ctx, "pool status (BADARGS at slots 1 and 4)", e.status, (const uint32_t *)s->pool_out.status,
                 N_BLOBS);
    check_items(ctx, "pool cells vs the consensus vectors", e.cells, s->pool_out.cells, N_BLOBS * CELL_BYTES, 2048);
    check_items(ctx, "pool proofs vs the consensus vectors", e.proofs, s->pool_out.proofs, N_BLOBS * PROOF_BYTES, 48);
    check_items(ctx, "pool commitments vs device 0's context alone", s->single.commitments, s->pool_out.commitments,
                N_BLOBS * 48, 48);
    gc_check_u32(ctx, "device 0's context alone: status", e.status, (const uint32_t *)s->single.status, N_BLOBS);
    check_items(ctx, "pool cells vs device 0's context alone", s->single.cells, s->pool_out.cells,
                N_BLOBS * CELL_BYTES, 2048);
    check_items(ctx, "pool proofs vs device 0's context alone", s->single.proofs, s->pool_out.proofs,
                N_BLOBS * PROOF_BYTES, 48);
    /* the other two calls */
    gc_check_u32(ctx, "gc_kzg_pool_compute_cells: status", e.status, (const uint32_t *)s->cells_only.status, N_BLOBS);
    check_items(ctx, "gc_kzg_pool_compute_cells: cells", e.cells, s->cells_only.cells, N_BLOBS * CELL_BYTES, 2048);
    gc_check_u32(ctx, "gc_kzg_pool_blob_to_commitment: status", e.status, (const uint32_t *)s->commit_only.status,
                 N_BLOBS);
    check_items(ctx, "gc_kzg_pool_blob_to_commitment: commitments", s->single.commitments,
                s->commit_only.commitments, N_BLOBS * 48, 48);
    /* device 1 failing: slice 0 written, slice 1 untouched and marked with the error; and
     * failing after its cells went out: its slice as it was */
    char want_text[160];
    snprintf(want_text, sizeof want_text, "device 1 (%s), blobs 3..5 of the call: GC_KZG_DEVICE: copying blobs",
             gc_ctx_info(ctx)->id);
    if ((st = check_failed_call(ctx, s, "device 1 failing", &s->failing, s->failing_ret, s->failing_device,
                                s->failing_message, want_text, N_BLOBS)))
        return st;
    snprintf(want_text, sizeof want_text, "device 1 (%s), blobs 2..3 of the call: GC_KZG_DEVICE: reading results",
             gc_ctx_info(ctx)->id);
    if ((st = check_failed_call(ctx, s, "device 1 failing late", &s->failing_late, s->failing_late_ret,
                                s->failing_late_device, s->failing_late_message, want_text, LATE_BLOBS)))
        return st;
    /* refused calls: BADARGS, nothing written */
    uint32_t want_args[8] = {GC_KZG_BADARGS, GC_KZG_BADARGS, GC_KZG_BADARGS, GC_KZG_BADARGS,
                             GC_KZG_BADARGS, GC_KZG_BADARGS, GC_KZG_BADARGS, 1};
    gc_check_u32(ctx, "refused calls (NULL blobs, 0 blobs, NULL outputs, too many, NULL pool)", want_args, s->arg_rets,
                 8);
    uint32_t want_st[N_BLOBS];
    uint8_t *canary = gc_ctx_malloc(ctx, CELL_BYTES + PROOF_BYTES + 48);
    if (!canary) return GC_ERR_NO_MEMORY;
    memset(canary, gc_ctx_canary(ctx), CELL_BYTES + PROOF_BYTES + 48);
    for (int b = 0; b < N_BLOBS; b++) want_st[b] = GC_KZG_ERROR;
    gc_check_u32(ctx, "refused calls: status untouched", want_st, (const uint32_t *)s->untouched_status, N_BLOBS);
    check_items(ctx, "refused calls: outputs untouched", canary, s->untouched, CELL_BYTES + PROOF_BYTES + 48, 16);
    return GC_OK;
}

void fk20_register_pool_tests(void) {
    static const gc_test tests[] = {
        {.suite = "fk20", .name = "pool.one_device", .tags = "fk20,kzg,pool",
         .description = "a KZG pool over one device: the single context's bytes, status and commitments included",
         .budget_s = 900, .setup = one_device_setup, .run = one_device_run, .check = one_device_check,
         .teardown = pool_teardown},
        {.suite = "fk20", .name = "pool.two_contexts", .tags = "fk20,kzg,pool",
         .description = "a KZG pool over the device opened twice: slices back in input order, bad blobs at their "
                        "index, a failing device, refused arguments",
         .budget_s = 900, .setup = two_contexts_setup, .run = two_contexts_run, .check = two_contexts_check,
         .teardown = pool_teardown},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
