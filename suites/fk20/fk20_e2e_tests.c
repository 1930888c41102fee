/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_e2e_tests.c — the public batched calls end to end: the EIP-7594 consensus vectors
 * and ckzg's answers (valid and invalid blobs in one batch: a rejected blob must not stop
 * the others), byte for byte. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/fk20/fk20_suite.h"

typedef struct {
    fk20_owned owned;
    size_t n;
    uint8_t *blobs, *cells, *proofs, *commitments;
    gc_kzg_ret *status;
} e2e_state;

static gc_status e2e_alloc(gc_test_ctx *ctx, e2e_state *s, size_t n) {
    s->n = n;
    s->blobs = gc_ctx_malloc(ctx, n * GC_KZG_BYTES_PER_BLOB);
    s->cells = gc_ctx_malloc(ctx, n * 128 * 2048);
    s->proofs = gc_ctx_malloc(ctx, n * 128 * 48);
    s->commitments = gc_ctx_malloc(ctx, n * 48);
    s->status = gc_ctx_malloc(ctx, n * sizeof *s->status);
    if (!s->blobs || !s->cells || !s->proofs || !s->commitments || !s->status) return GC_ERR_NO_MEMORY;
    /* outputs of rejected blobs must stay as they were: the canary */
    memset(s->cells, gc_ctx_canary(ctx), n * 128 * 2048);
    memset(s->proofs, gc_ctx_canary(ctx), n * 128 * 48);
    memset(s->commitments, gc_ctx_canary(ctx), n * 48);
    return GC_OK;
}

static gc_status e2e_run(gc_test_ctx *ctx) {
    e2e_state *s = gc_ctx_state(ctx);
    gc_kzg_ret r = gc_kzg_compute_cells_and_proofs(s->owned.kc, s->cells, s->proofs, s->commitments, s->blobs, s->n,
                                                   s->status);
    return r ? fk20_kzg_error(ctx, s->owned.kc, r, "gc_kzg_compute_cells_and_proofs") : GC_OK;
}

/* ---- the consensus vectors ---- */
typedef struct {
    e2e_state e;
    int valid[16];
    uint8_t (*want_cells)[128][2048], (*want_proofs)[128][48];
} consensus_state;

static gc_status consensus_setup(gc_test_ctx *ctx) {
    consensus_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/eip7594/compute_cells_and_kzg_proofs", fk20_vectors_dir());
    DIR *d = opendir(dir);
    if (!d) {
        gc_ctx_skip(ctx, "consensus vectors not found in %s (set GPUCHECK_KZG_VECTORS)", dir);
        return GC_ERR_UNSUPPORTED;
    }
    char names[16][256];
    size_t n = 0;
    struct dirent *de;
    while ((de = readdir(d)) && n < 16)
        if (strstr(de->d_name, ".yaml")) snprintf(names[n++], 256, "%s", de->d_name);
    closedir(d);
    gc_status st = e2e_alloc(ctx, &s->e, n);
    s->want_cells = gc_ctx_malloc(ctx, n * sizeof *s->want_cells);
    s->want_proofs = gc_ctx_malloc(ctx, n * sizeof *s->want_proofs);
    if (st || !s->want_cells || !s->want_proofs) return st ? st : GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "r");
        char *text = NULL;
        size_t cap = 0;
        ssize_t len = f ? getdelim(&text, &cap, '\0', f) : -1;
        if (f) fclose(f);
        const char *p = text, *out = len > 0 ? strstr(text, "output:") : NULL;
        int ok = out && fk20_yaml_hex(&p, s->e.blobs + i * GC_KZG_BYTES_PER_BLOB, GC_KZG_BYTES_PER_BLOB);
        if (!ok && out && strstr(out, "output: null")) {
            /* a blob of the wrong length: no batch call can take it (the command rejects
             * the line); it must not decode as a blob */
            gc_ctx_note(ctx, "%s: invalid, not 131072 bytes: rejected before the device", names[i]);
            gc_ctx_count_checks(ctx, 1);
            free(text);
            memmove(names[i], names[n - 1], sizeof names[i]);
            n--, i--;
            s->e.n = n;
            continue;
        }
        s->valid[i] = ok && !strstr(out, "output: null");
        p = out;
        for (int c = 0; ok && s->valid[i] && c < 128; c++) ok = fk20_yaml_hex(&p, s->want_cells[i][c], 2048);
        for (int c = 0; ok && s->valid[i] && c < 128; c++) ok = fk20_yaml_hex(&p, s->want_proofs[i][c], 48);
        free(text);
        if (!ok) {
            gc_ctx_error(ctx, "%s: malformed", path);
            return GC_ERR_PARSE;
        }
        gc_ctx_note(ctx, "%s: %s", names[i], s->valid[i] ? "valid" : "invalid (ckzg rejects it)");
    }
    return fk20_ctx(ctx, &s->e.owned, 64, n, 0, NULL);
}

static gc_status consensus_check(gc_test_ctx *ctx) {
    consensus_state *s = gc_ctx_state(ctx);
    size_t n = s->e.n;
    gc_kzg_ret *want_status = gc_ctx_malloc(ctx, n * sizeof *want_status);
    uint8_t *wc = gc_ctx_malloc(ctx, n * 128 * 2048), *wp = gc_ctx_malloc(ctx, n * 128 * 48);
    if (!want_status || !wc || !wp) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        want_status[i] = s->valid[i] ? GC_KZG_OK : GC_KZG_BADARGS;
        /* a rejected blob's outputs must be untouched: still the canary */
        if (s->valid[i]) {
            memcpy(wc + i * 128 * 2048, s->want_cells[i], 128 * 2048);
            memcpy(wp + i * 128 * 48, s->want_proofs[i], 128 * 48);
        } else {
            memset(wc + i * 128 * 2048, gc_ctx_canary(ctx), 128 * 2048);
            memset(wp + i * 128 * 48, gc_ctx_canary(ctx), 128 * 48);
        }
    }
    gc_check_u32(ctx, "per-blob status (OK, or BADARGS where the consensus output is null)", (uint32_t *)want_status,
                 (const uint32_t *)s->e.status, n);
    gc_check_bytes(ctx, "cells vs the consensus vectors", wc, s->e.cells, n * 128 * 2048);
    gc_check_bytes(ctx, "proofs vs the consensus vectors", wp, s->e.proofs, n * 128 * 48);
    return GC_OK;
}

/* ---- ckzg's answers ---- */
typedef struct {
    e2e_state e;
    fk20_ckzg_case *cases;
} ckzg_state;

static gc_status ckzg_setup(gc_test_ctx *ctx) {
    ckzg_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    size_t n;
    gc_status st = fk20_load_ckzg_cases(ctx, &s->cases, &n);
    if (st == GC_ERR_NOT_FOUND) return GC_ERR_UNSUPPORTED;
    if (st || (st = e2e_alloc(ctx, &s->e, n))) return st;
    for (size_t i = 0; i < n; i++) memcpy(s->e.blobs + i * GC_KZG_BYTES_PER_BLOB, s->cases[i].blob, GC_KZG_BYTES_PER_BLOB);
    return fk20_ctx(ctx, &s->e.owned, 64, n, 0, NULL);
}

static gc_status ckzg_check(gc_test_ctx *ctx) {
    ckzg_state *s = gc_ctx_state(ctx);
    size_t n = s->e.n;
    uint32_t *ws = gc_ctx_malloc(ctx, n * 4);
    uint8_t *wcom = gc_ctx_malloc(ctx, n * 48), *wp = gc_ctx_malloc(ctx, n * 128 * 48);
    uint8_t(*wd)[32] = gc_ctx_malloc(ctx, n * 128 * 32), (*gd)[32] = gc_ctx_malloc(ctx, n * 128 * 32);
    if (!ws || !wcom || !wp || !wd || !gd) return GC_ERR_NO_MEMORY;
    uint8_t canary_cell[2048];
    memset(canary_cell, gc_ctx_canary(ctx), sizeof canary_cell);
    for (size_t i = 0; i < n; i++) {
        const fk20_ckzg_case *c = &s->cases[i];
        ws[i] = c->invalid ? GC_KZG_BADARGS : GC_KZG_OK;
        if (c->invalid) {
            memset(wcom + i * 48, gc_ctx_canary(ctx), 48);
            memset(wp + i * 128 * 48, gc_ctx_canary(ctx), 128 * 48);
            fk20_cell_digests(wd + i * 128, canary_cell, 1, sizeof canary_cell);
            for (int k = 1; k < 128; k++) memcpy(wd[i * 128 + k], wd[i * 128], 32);
        } else {
            memcpy(wcom + i * 48, c->commitment, 48);
            memcpy(wp + i * 128 * 48, c->proofs, 128 * 48);
            memcpy(wd + i * 128, c->cell_sha256, 128 * 32);
        }
        fk20_cell_digests(gd + i * 128, s->e.cells + i * 128 * 2048, 128, 2048);
    }
    gc_check_u32(ctx, "per-blob status vs ckzg (BADARGS for its invalid blobs)", ws, (const uint32_t *)s->e.status, n);
    gc_check_bytes(ctx, "commitments vs ckzg", wcom, s->e.commitments, n * 48);
    gc_check_bytes(ctx, "proofs vs ckzg", wp, s->e.proofs, n * 128 * 48);
    gc_check_bytes(ctx, "cells (SHA-256 of each) vs ckzg", wd, gd, n * 128 * 32);
    return GC_OK;
}

/* ---- blob flags across calls ---- */
/* Three calls of gc_kzg_compute_cells on one context, three blobs each: the zero blob
 * (whose cells, the zero polynomial's evaluations, are zeros) and one with an element
 * >= r at a place that moves. Call A rejects blob 1, call B rejects none (a flag left from
 * A must not reject its blob 1), call C rejects blob 0 (its pass's flags must be its own:
 * the mutant writes A's). Each pass flags its bad blobs with a mark of its own and the
 * flags are never cleared (kzg_stage_blob_to_fr). Cells only: the context needs no FK20
 * precomputation, so the test takes seconds on a CPU device. */
#define FLAGS_CALLS 3
#define FLAGS_BLOBS 3
static const int flags_bad_at[FLAGS_CALLS] = {1, -1, 0};

typedef struct {
    fk20_owned owned;
    uint8_t *blobs[FLAGS_CALLS], *cells[FLAGS_CALLS];
    gc_kzg_ret status[FLAGS_CALLS][FLAGS_BLOBS];
} flags_state;

static gc_status flags_setup(gc_test_ctx *ctx) {
    flags_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    memset(s, 0, sizeof *s);
    gc_ctx_set_state(ctx, s);
    for (int c = 0; c < FLAGS_CALLS; c++) {
        s->blobs[c] = gc_ctx_malloc(ctx, FLAGS_BLOBS * GC_KZG_BYTES_PER_BLOB);
        s->cells[c] = gc_ctx_malloc(ctx, FLAGS_BLOBS * 128 * 2048);
        if (!s->blobs[c] || !s->cells[c]) return GC_ERR_NO_MEMORY;
        memset(s->blobs[c], 0, FLAGS_BLOBS * GC_KZG_BYTES_PER_BLOB);
        if (flags_bad_at[c] >= 0) /* element 7 of the blob all ones: above r */
            memset(s->blobs[c] + (size_t)flags_bad_at[c] * GC_KZG_BYTES_PER_BLOB + 7 * 32, 0xff, 32);
        memset(s->cells[c], gc_ctx_canary(ctx), FLAGS_BLOBS * 128 * 2048);
    }
    const char *defs[1] = {gc_ctx_test(ctx)->param};
    kzg_ctx_overrides hooks = {defs, defs[0] ? 1 : 0, KZG_X_EXT_FFT_NONE, NULL, 0};
    return fk20_ctx(ctx, &s->owned, 64, FLAGS_BLOBS, 0, &hooks);
}

static gc_status flags_run(gc_test_ctx *ctx) {
    flags_state *s = gc_ctx_state(ctx);
    for (int c = 0; c < FLAGS_CALLS; c++) {
        gc_kzg_ret r = gc_kzg_compute_cells(s->owned.kc, s->cells[c], s->blobs[c], FLAGS_BLOBS, s->status[c]);
        if (r) return fk20_kzg_error(ctx, s->owned.kc, r, "gc_kzg_compute_cells");
    }
    return GC_OK;
}

static gc_status flags_check(gc_test_ctx *ctx) {
    flags_state *s = gc_ctx_state(ctx);
    uint8_t *wc = gc_ctx_malloc(ctx, FLAGS_BLOBS * 128 * 2048);
    if (!wc) return GC_ERR_NO_MEMORY;
    for (int c = 0; c < FLAGS_CALLS; c++) {
        uint32_t ws[FLAGS_BLOBS];
        for (int b = 0; b < FLAGS_BLOBS; b++) {
            int bad = b == flags_bad_at[c];
            ws[b] = bad ? GC_KZG_BADARGS : GC_KZG_OK;
            memset(wc + (size_t)b * 128 * 2048, bad ? gc_ctx_canary(ctx) : 0, 128 * 2048);
        }
        char what[96];
        snprintf(what, sizeof what, "call %c: per-blob status (blob %d rejected)", 'A' + c, flags_bad_at[c]);
        gc_check_u32(ctx, what, ws, (const uint32_t *)s->status[c], FLAGS_BLOBS);
        snprintf(what, sizeof what, "call %c: cells (zeros; the rejected blob's untouched)", 'A' + c);
        gc_check_bytes(ctx, what, wc, s->cells[c], FLAGS_BLOBS * 128 * 2048);
    }
    return GC_OK;
}

void fk20_register_e2e_tests(void) {
    static const gc_test tests[] = {
        {.suite = "fk20", .name = "eip7594.consensus_vectors", .tags = "fk20,kzg,eip7594",
         .description = "cells and proofs of the EIP-7594 consensus vectors, valid and invalid blobs in one batch",
         .budget_s = 900, .setup = consensus_setup, .run = e2e_run, .check = consensus_check,
         .teardown = fk20_teardown},
        {.suite = "fk20", .name = "eip7594.ckzg_cases", .tags = "fk20,kzg,eip7594,manual",
         .description = "commitments, cells and proofs vs ckzg 2.1.8 (random, zeros, r-1, sparse, low degree, invalid)",
         .budget_s = 900, .setup = ckzg_setup, .run = e2e_run, .check = ckzg_check, .teardown = fk20_teardown},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
    static const gc_test flags[] = {
        {.suite = "fk20", .name = "eip7594.flags_across_calls", .tags = "fk20,kzg,eip7594",
         .description = "three cells calls on one context: each rejects its own bad blob, none of another call's",
         .budget_s = 900, .setup = flags_setup, .run = flags_run, .check = flags_check, .teardown = fk20_teardown},
        {.suite = "mutant_fk20", .name = "stale_blob_flag", .tags = "fk20,mutant,manual",
         .description = "blob flags written as 1, not the pass's mark: fk20.eip7594.flags_across_calls must FAIL",
         .budget_s = 900, .expect = GC_FAIL, .param = "KZG_MUTANT=14", .setup = flags_setup, .run = flags_run,
         .check = flags_check, .teardown = fk20_teardown},
    };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) gc_test_register(&flags[i]);
}
