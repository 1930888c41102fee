/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_recover.c — gc_kzg_recover_cells_and_proofs against PyPI ckzg 2.1.8's answers
 * (crypto/kzg/vectors/recover_cells_and_kzg_proofs/cases.txt, tools/gen_kzg_api_vectors.py):
 * every case in one batched call, with proofs and cells only, outputs poisoned first, the
 * rejected blobs' outputs checked untouched; a negative control (a changed byte is seen);
 * the call's argument errors. Modes:
 *   test_kzg_recover [--device ID]            the known answers (a CTest)
 *   test_kzg_recover --mutant [--device ID]   the recovery that leaves out one missing
 *                                             coset (KZG_MUTANT=30) must be caught
 *   test_kzg_recover --bench N [--device ID]  N blobs from 64 cells each, cells only and
 *                                             with proofs, validated, then timed
 * Exit codes: 0 pass, 1 failures, 2 setup or device errors, 77 no device. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/clock.h"
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/setup/setup.h"
#include "device/sha256.h"
#include "gpucheck/gc_kzg.h"
#include "unit.h"

#define CELLS 128
#define CELL_BYTES 2048
#define PROOF_BYTES 48
#define MAX_CASES 64
#define CANARY 0xa5

typedef struct {
    char name[64];
    size_t n;
    uint64_t idx[CELLS + 8];
    uint8_t *cells; /* n * CELL_BYTES */
    int ok;         /* expected: answered */
    uint8_t sha_cells[32], sha_proofs[32], proof0[PROOF_BYTES];
} rcase;

static rcase cases[MAX_CASES];
static size_t n_cases;

static void seeded_cells(rcase *c, const char *seed) {
    size_t len = strlen(seed);
    uint8_t msg[80];
    memcpy(msg, seed, len);
    for (size_t k = 0; k < c->n; k++)
        for (uint32_t j = 0; j < 64; j++) {
            uint32_t kk = (uint32_t)k;
            for (int b = 0; b < 4; b++) {
                msg[len + b] = (uint8_t)(kk >> (24 - 8 * b));
                msg[len + 4 + b] = (uint8_t)(j >> (24 - 8 * b));
            }
            uint8_t *e = c->cells + k * CELL_BYTES + j * 32;
            gc_sha256_digest(msg, len + 8, e);
            e[0] &= 0x3f;
        }
}

static int load_cases(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    static char line[2 * CELL_BYTES + 64];
    rcase *c = NULL;
    size_t stored = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char seed[64];
        if (!strncmp(line, "case ", 5)) {
            if (n_cases == MAX_CASES) break;
            c = &cases[n_cases++];
            if (sscanf(line, "case %63s %zu %63s", c->name, &c->n, seed) != 3 || c->n > CELLS + 8) break;
            c->cells = calloc(c->n + 1, CELL_BYTES);
            stored = 0;
            if (strcmp(seed, "-")) seeded_cells(c, seed);
        } else if (c && !strncmp(line, "indices ", 8)) {
            char *p = line + 8;
            for (size_t i = 0; i < c->n; i++) {
                c->idx[i] = strtoull(p, &p, 10);
                if (*p == ',') p++;
            }
        } else if (c && !strncmp(line, "cell ", 5)) {
            if (stored >= c->n || !gc_bls_hex_decode(c->cells + stored * CELL_BYTES, CELL_BYTES, line + 5)) break;
            stored++;
        } else if (c && !strncmp(line, "set ", 4)) {
            size_t k, j;
            char hex[65];
            if (sscanf(line, "set %zu %zu %64s", &k, &j, hex) != 3 || k >= c->n || j >= 64) break;
            gc_bls_hex_decode(c->cells + k * CELL_BYTES + j * 32, 32, hex);
        } else if (c && !strncmp(line, "expect ok ", 10)) {
            char a[65], b[65], p0[97];
            if (sscanf(line, "expect ok %64s %64s %96s", a, b, p0) != 3) break;
            c->ok = gc_bls_hex_decode(c->sha_cells, 32, a) && gc_bls_hex_decode(c->sha_proofs, 32, b) &&
                    gc_bls_hex_decode(c->proof0, PROOF_BYTES, p0);
        }
    }
    fclose(f);
    return n_cases > 0;
}

/* The batch of all cases: cells and indices one case after another. */
typedef struct {
    uint8_t *cells;
    uint64_t *idx;
    size_t *num, n;
} batch;

static void make_batch(batch *b, const size_t *which, size_t n) {
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += cases[which[i]].n;
    b->cells = malloc((total + 1) * CELL_BYTES);
    b->idx = malloc((total + 1) * sizeof(uint64_t));
    b->num = malloc(n * sizeof(size_t));
    b->n = n;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        const rcase *c = &cases[which[i]];
        memcpy(b->cells + at * CELL_BYTES, c->cells, c->n * CELL_BYTES);
        memcpy(b->idx + at, c->idx, c->n * sizeof(uint64_t));
        b->num[i] = c->n;
        at += c->n;
    }
}

static void free_batch(batch *b) {
    free(b->cells);
    free(b->idx);
    free(b->num);
}

static int all_canary(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i] != CANARY) return 0;
    return 1;
}

/* 1 when blob i's outputs are case c's answer (proofs NULL: cells only). */
static int matches(const rcase *c, const uint8_t *cells, const uint8_t *proofs) {
    uint8_t d[32];
    gc_sha256_digest(cells, (size_t)CELLS * CELL_BYTES, d);
    if (memcmp(d, c->sha_cells, 32)) return 0;
    if (!proofs) return 1;
    gc_sha256_digest(proofs, (size_t)CELLS * PROOF_BYTES, d);
    return !memcmp(d, c->sha_proofs, 32) && !memcmp(proofs, c->proof0, PROOF_BYTES);
}

/* The cases whose proofs the CTest computes too (FK20 on PoCL takes seconds a blob): a
 * real blob's, random cells with all 128 given (c-kzg's other path), one rejected. */
static int proofs_case(const char *name) {
    static const char *const names[] = {"blob_even_half", "all_128", "element_r"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i])) return 1;
    return 0;
}

/* The cases (all, or proofs_case's with proofs) in one call; returns how many answered
 * cases differ from ckzg. */
static size_t run_all(gc_kzg_ctx *ctx, int with_proofs, int strict) {
    size_t which[MAX_CASES], m = 0;
    for (size_t i = 0; i < n_cases; i++)
        if (!with_proofs || proofs_case(cases[i].name)) which[m++] = i;
    batch b;
    make_batch(&b, which, m);
    size_t cb = (size_t)CELLS * CELL_BYTES, pb = (size_t)CELLS * PROOF_BYTES, wrong = 0;
    uint8_t *cells = malloc(m * cb), *proofs = with_proofs ? malloc(m * pb) : NULL;
    gc_kzg_ret st[MAX_CASES];
    memset(cells, CANARY, m * cb);
    if (proofs) memset(proofs, CANARY, m * pb);
    for (size_t i = 0; i < m; i++) st[i] = GC_KZG_ERROR;
    gc_kzg_ret r = gc_kzg_recover_cells_and_proofs(ctx, cells, proofs, b.idx, b.cells, b.num, b.n, st);
    CHECKF(r == GC_KZG_OK, "call: %s", gc_kzg_ret_name(r));
    for (size_t i = 0; r == GC_KZG_OK && i < m; i++) {
        const rcase *c = &cases[which[i]];
        const uint8_t *ci = cells + i * cb, *pi = proofs ? proofs + i * pb : NULL;
        if (!strict) {
            wrong += c->ok && !matches(c, ci, pi);
            continue;
        }
        CHECKF(st[i] == (c->ok ? GC_KZG_OK : GC_KZG_BADARGS), "%s: status %s", c->name, gc_kzg_ret_name(st[i]));
        if (c->ok) {
            int same = matches(c, ci, pi);
            wrong += !same;
            CHECKF(same, "%s: %s differ from ckzg's", c->name, proofs ? "cells or proofs" : "cells");
        } else {
            CHECKF(all_canary(ci, cb) && (!pi || all_canary(pi, pb)), "%s: a rejected blob's outputs were written",
                   c->name);
        }
    }
    if (strict && r == GC_KZG_OK) { /* negative control: the comparison sees one changed byte */
        for (size_t i = 0; i < m; i++) {
            const rcase *c = &cases[which[i]];
            if (!c->ok) continue;
            uint8_t *ci = cells + i * cb, *pi = proofs ? proofs + i * pb : NULL;
            ci[777] ^= 1;
            CHECKF(!matches(c, ci, pi), "negative control: a changed cell byte went unseen");
            ci[777] ^= 1;
            if (pi) {
                pi[pb - 1] ^= 1;
                CHECKF(!matches(c, ci, pi), "negative control: a changed proof byte went unseen");
                pi[pb - 1] ^= 1;
            }
            break;
        }
    }
    free(cells);
    free(proofs);
    free_batch(&b);
    return wrong;
}

static void test_bad_calls(gc_kzg_ctx *ctx) {
    batch b;
    size_t one = 0;
    make_batch(&b, &one, 1);
    uint8_t *cells = malloc((size_t)CELLS * CELL_BYTES);
    memset(cells, CANARY, (size_t)CELLS * CELL_BYTES);
    CHECK(gc_kzg_recover_cells_and_proofs(NULL, cells, NULL, b.idx, b.cells, b.num, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_recover_cells_and_proofs(ctx, NULL, NULL, b.idx, b.cells, b.num, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_recover_cells_and_proofs(ctx, cells, NULL, b.idx, b.cells, NULL, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_recover_cells_and_proofs(ctx, cells, NULL, b.idx, b.cells, b.num, 0, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_recover_cells_and_proofs(ctx, cells, NULL, NULL, b.cells, b.num, 1, NULL) == GC_KZG_BADARGS);
    CHECK(gc_kzg_recover_cells_and_proofs(ctx, cells, NULL, b.idx, NULL, b.num, 1, NULL) == GC_KZG_BADARGS);
    CHECK(all_canary(cells, (size_t)CELLS * CELL_BYTES));
    free(cells);
    free_batch(&b);
}

static int bench(gc_kzg_ctx *ctx, size_t n) {
    size_t src = 0;
    while (src < n_cases && strcmp(cases[src].name, "blob_even_half")) src++;
    if (src == n_cases) return 2;
    size_t *which = malloc(n * sizeof *which);
    for (size_t i = 0; i < n; i++) which[i] = src;
    batch b;
    make_batch(&b, which, n);
    size_t cb = (size_t)CELLS * CELL_BYTES, pb = (size_t)CELLS * PROOF_BYTES;
    uint8_t *cells = malloc(n * cb), *proofs = malloc(n * pb);
    for (int with = 0; with < 2; with++) {
        uint8_t *p = with ? proofs : NULL;
        gc_kzg_ret r = gc_kzg_recover_cells_and_proofs(ctx, cells, p, b.idx, b.cells, b.num, n, NULL);
        size_t bad = 0;
        for (size_t i = 0; i < n && !r; i++) bad += !matches(&cases[src], cells + i * cb, p ? p + i * pb : NULL);
        CHECKF(!r && !bad, "bench %s: %s, %zu blobs differ from ckzg", with ? "proofs" : "cells", gc_kzg_ret_name(r), bad);
        if (r || bad) break;
        double best = 1e30, sum = 0;
        for (int rep = 0; rep < 5; rep++) {
            double t0 = gc_clock_ms();
            gc_kzg_recover_cells_and_proofs(ctx, cells, p, b.idx, b.cells, b.num, n, NULL);
            double t = gc_clock_ms() - t0;
            sum += t;
            if (t < best) best = t;
        }
        printf("recover %zu blobs from 64 cells, %s: best %.3f ms (%.4f ms per blob), mean %.3f ms over 5\n", n,
               with ? "cells and proofs" : "cells only", best, best / (double)n, sum / 5);
    }
    free(cells);
    free(proofs);
    free(which);
    free_batch(&b);
    return UNIT_DONE();
}

int main(int argc, char **argv) {
    const char *dev_id = NULL;
    int mutant = 0;
    size_t bench_n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc) dev_id = argv[++i];
        else if (!strcmp(argv[i], "--mutant")) mutant = 1;
        else if (!strcmp(argv[i], "--bench") && i + 1 < argc) bench_n = strtoul(argv[++i], NULL, 10);
        else return fprintf(stderr, "usage: %s [--device ID] [--mutant | --bench N]\n", argv[0]), 2;
    }
    if (!load_cases(GC_SOURCE_DIR "/crypto/kzg/vectors/recover_cells_and_kzg_proofs/cases.txt"))
        return fprintf(stderr, "cannot read the recovery vectors\n"), 2;
    size_t di;
    gc_device *dev = NULL;
    if ((dev_id ? gc_device_find(dev_id, &di) : gc_device_default(&di)) || gc_device_open(di, &dev))
        return printf("SKIP: no device (%s)\n", gc_last_error()), 77;
    gc_kzg_setup *setup = NULL;
    char err[512];
    gc_kzg_ctx *ctx = NULL;
    gc_kzg_ret r = gc_kzg_setup_load_default(&setup, err, sizeof err);
    if (!r && mutant) {
        const char *defs[] = {"KZG_MUTANT=30"};
        kzg_ctx_overrides hooks = {defs, 1, KZG_X_EXT_FFT_NONE, NULL, 0};
        r = kzg_ctx_create_from_points(&ctx, dev, setup->g1_monomial, NULL, &hooks, err, sizeof err);
    } else if (!r) {
        r = gc_kzg_ctx_create(&ctx, dev, setup, NULL, err, sizeof err);
    }
    if (r) return fprintf(stderr, "context: %s: %s\n", gc_kzg_ret_name(r), err), 2;
    printf("device: %s; %zu cases\n", gc_device_get_info(dev)->name, n_cases);
    int rc;
    if (bench_n) {
        rc = bench(ctx, bench_n);
    } else if (mutant) {
        size_t expect = 0;
        for (size_t i = 0; i < n_cases; i++) expect += cases[i].ok && cases[i].n < CELLS;
        size_t wrong = run_all(ctx, 0, 0);
        printf("mutant KZG_MUTANT=30 (one missing coset left out): %zu of %zu cases with missing cells wrong\n", wrong,
               expect);
        CHECKF(wrong == expect && expect > 0, "the mutant was not caught in every case");
        rc = UNIT_DONE();
    } else {
        double t0 = gc_clock_ms();
        run_all(ctx, 1, 1);
        double t1 = gc_clock_ms();
        run_all(ctx, 0, 1);
        printf("with proofs %.0f ms, cells only %.0f ms\n", t1 - t0, gc_clock_ms() - t1);
        test_bad_calls(ctx);
        rc = UNIT_DONE();
    }
    gc_kzg_ctx_free(ctx);
    gc_kzg_setup_free(setup);
    gc_device_close(dev);
    for (size_t i = 0; i < n_cases; i++) free(cases[i].cells);
    return rc;
}
