/* SPDX-License-Identifier: Apache-2.0 */
/* verify_cells_tests.c — verify_cell_kzg_proof_batch on the device (crypto/kzg/verify/
 * verifier.c) against PyPI ckzg 2.1.8's verdict on every case of
 * crypto/kzg/vectors/verify_cell_kzg_proof_batch.txt: valid batches (duplicated commitments,
 * empty, a repeated cell), invalid ones (a wrong proof, a swapped pair, a changed element, a
 * wrong index or commitment, the identity as a proof) and refused ones (index 128, an
 * element = r, a bad encoding, a point off the curve or outside the subgroup); and the
 * mutant whose device interpolant leaves each column's last cell out, caught. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/verify/verifier.h"
#include "suites/kzg_verify/verify_suite.h"

#define VC_MAX_CELLS 8u
#define VC_MAX_CASES 32u
#define VC_MAX_DEFS 32u
#define VC_LINE 8192

enum { VERDICT_FALSE, VERDICT_TRUE, VERDICT_BADARGS };

typedef struct {
    char name[48];
    size_t n;
    uint8_t commitments[VC_MAX_CELLS][48], proofs[VC_MAX_CELLS][48], cells[VC_MAX_CELLS][2048];
    uint64_t idx[VC_MAX_CELLS];
    uint32_t expect;
} vc_case;

typedef struct {
    char name[32];
    uint8_t bytes[2048];
} vc_def;

static int find_def(const vc_def *d, size_t nd, const char *name) {
    for (size_t i = 0; i < nd; i++)
        if (!strcmp(d[i].name, name)) return (int)i;
    return -1;
}

static int parse_line(char *line, vc_def *defs, size_t *nd, vc_case *cases, size_t *nc) {
    static char a[VC_LINE], b[VC_LINE], c[VC_LINE];
    unsigned long long idx;
    size_t len;
    vc_case *cur = *nc ? &cases[*nc - 1] : NULL;
    if (line[0] == '#' || !strncmp(line, "end", 3)) return 1;
    if (sscanf(line, "cell_def %31s %s", a, b) == 2 && *nd < VC_MAX_DEFS) {
        snprintf(defs[*nd].name, sizeof defs[*nd].name, "%s", a);
        return gc_bls_hex_decode(defs[(*nd)++].bytes, 2048, b);
    }
    if (sscanf(line, "case %47s %zu", a, &len) == 2 && *nc < VC_MAX_CASES && len <= VC_MAX_CELLS) {
        cur = &cases[(*nc)++];
        snprintf(cur->name, sizeof cur->name, "%s", a);
        cur->n = 0;
        return 1;
    }
    if (cur && cur->n < VC_MAX_CELLS && sscanf(line, "cell %s %llu %s %s", a, &idx, b, c) == 4) {
        int d = find_def(defs, *nd, c);
        if (d < 0 || !gc_bls_hex_decode(cur->commitments[cur->n], 48, a) || !gc_bls_hex_decode(cur->proofs[cur->n], 48, b))
            return 0;
        memcpy(cur->cells[cur->n], defs[d].bytes, 2048);
        cur->idx[cur->n++] = idx;
        return 1;
    }
    if (cur && sscanf(line, "expect %15s", a) == 1) {
        cur->expect = !strcmp(a, "true") ? VERDICT_TRUE : !strcmp(a, "false") ? VERDICT_FALSE : VERDICT_BADARGS;
        return !strcmp(a, "true") || !strcmp(a, "false") || !strcmp(a, "badargs");
    }
    return 0;
}

static gc_status load_cases(gc_test_ctx *ctx, vc_case *cases, size_t *nc) {
    char path[1024];
    snprintf(path, sizeof path, "%s/verify_cell_kzg_proof_batch.txt", kv_vectors_dir());
    FILE *f = fopen(path, "r");
    if (!f) {
        gc_ctx_skip(ctx, "known answers %s not found (set GPUCHECK_KZG_VECTORS)", path);
        return GC_ERR_NOT_FOUND;
    }
    vc_def *defs = gc_ctx_malloc(ctx, VC_MAX_DEFS * sizeof *defs);
    char *line = gc_ctx_malloc(ctx, VC_LINE);
    size_t nd = 0;
    gc_status st = defs && line ? GC_OK : GC_ERR_NO_MEMORY;
    *nc = 0;
    while (!st && fgets(line, VC_LINE, f))
        if (!parse_line(line, defs, &nd, cases, nc)) {
            gc_ctx_error(ctx, "verify_cell_kzg_proof_batch.txt: bad line '%.60s'", line);
            st = GC_ERR_PARSE;
        }
    fclose(f);
    return st;
}

/* Every case as one batch of a single call (one decoding launch, one MSM pass), in the
 * file's order and reversed, so that no batch's answer leans on its place. */
static gc_status verify_all_at_once(gc_test_ctx *ctx, const kzg_verifier *v, const vc_case *cases, size_t nc,
                                    const uint32_t *want) {
    kzg_cell_batch *b = gc_ctx_malloc(ctx, 2 * nc * sizeof *b);
    bool *ok = gc_ctx_malloc(ctx, 2 * nc * sizeof *ok);
    gc_kzg_ret *status = gc_ctx_malloc(ctx, 2 * nc * sizeof *status);
    uint32_t *want2 = gc_ctx_malloc(ctx, 8 * nc), *got = gc_ctx_malloc(ctx, 8 * nc);
    if (!b || !ok || !status || !want2 || !got) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < 2 * nc; i++) {
        const vc_case *c = &cases[i < nc ? i : 2 * nc - 1 - i];
        b[i] = (kzg_cell_batch){&c->commitments[0][0], c->idx, &c->cells[0][0], &c->proofs[0][0], c->n};
        want2[i] = want[i < nc ? i : 2 * nc - 1 - i];
    }
    bool one_check = true;
    gc_kzg_ret r = kzg_verify_cell_proof_batches_how(v, ok, status, b, 2 * nc, &one_check);
    if (r != GC_KZG_OK) {
        gc_ctx_error(ctx, "kzg_verify_cell_proof_batches over %zu batches: %s", 2 * nc, gc_kzg_ret_name(r));
        return GC_ERR_LAUNCH;
    }
    for (size_t i = 0; i < 2 * nc; i++)
        got[i] = status[i] == GC_KZG_BADARGS ? VERDICT_BADARGS : status[i] == GC_KZG_OK ? (ok[i] ? VERDICT_TRUE : VERDICT_FALSE) : 99u;
    gc_check_u32(ctx, "verdict of each batch verified in one call (the file, then reversed) vs ckzg 2.1.8", want2, got,
                 2 * nc);
    /* the invalid batches fail the combined check: each batch then has its own */
    uint32_t want_path = 0, got_path = one_check;
    gc_check_u32(ctx, "a call with invalid batches: one check a batch, not one for all", &want_path, &got_path, 1);
    /* the valid batches alone (empty ones left out): one combined check accepts them all */
    size_t nv = 0;
    for (size_t i = 0; i < nc; i++)
        if (want[i] == VERDICT_TRUE && cases[i].n)
            b[nv++] = (kzg_cell_batch){&cases[i].commitments[0][0], cases[i].idx, &cases[i].cells[0][0],
                                       &cases[i].proofs[0][0], cases[i].n};
    if (nv < 2) {
        gc_ctx_error(ctx, "the known answers hold %zu valid batches: the combined check needs two", nv);
        return GC_ERR_PARSE;
    }
    if (kzg_verify_cell_proof_batches_how(v, ok, status, b, nv, &one_check) != GC_KZG_OK) {
        gc_ctx_error(ctx, "kzg_verify_cell_proof_batches over the %zu valid batches failed", nv);
        return GC_ERR_LAUNCH;
    }
    for (size_t i = 0; i < nv; i++) want2[i] = VERDICT_TRUE, got[i] = status[i] == GC_KZG_OK && ok[i];
    want2[nv] = 1, got[nv] = one_check;
    gc_check_u32(ctx, "the valid batches in one call: each true, by one combined check (last word)", want2, got,
                 nv + 1);
    return GC_OK;
}

static gc_status verify_cells_run(gc_test_ctx *ctx) {
    vc_case *cases = gc_ctx_malloc(ctx, VC_MAX_CASES * sizeof *cases);
    uint32_t *want = gc_ctx_malloc(ctx, 4 * VC_MAX_CASES), *got = gc_ctx_malloc(ctx, 4 * VC_MAX_CASES);
    size_t nc;
    if (!cases || !want || !got) return GC_ERR_NO_MEMORY;
    gc_status st = load_cases(ctx, cases, &nc);
    if (st) return st == GC_ERR_NOT_FOUND ? GC_OK : st;
    const int *mutant = gc_ctx_test(ctx)->param;
    kzg_verifier v;
    if ((st = kv_verifier_create(ctx, &v, mutant ? *mutant : 0))) return st;
    for (size_t i = 0; i < nc; i++) {
        bool ok = false;
        gc_kzg_ret r = kzg_verify_cell_proof_batch(&v, &ok, &cases[i].commitments[0][0], cases[i].idx,
                                                   &cases[i].cells[0][0], &cases[i].proofs[0][0], cases[i].n);
        want[i] = cases[i].expect;
        got[i] = r == GC_KZG_BADARGS ? VERDICT_BADARGS : r == GC_KZG_OK ? (ok ? VERDICT_TRUE : VERDICT_FALSE) : 99u;
        if (got[i] != want[i]) gc_ctx_note(ctx, "case %s: got %u, ckzg %u", cases[i].name, got[i], want[i]);
    }
    gc_check_u32(ctx, "verdict (0 false, 1 true, 2 BADARGS) of each batch vs ckzg 2.1.8", want, got, nc);
    gc_status bst = verify_all_at_once(ctx, &v, cases, nc, want);
    kzg_verifier_free(&v);
    return bst;
}

/* Fault site 26 (cell_columns.gc). */
static const int mutant_column_last_cell = 26;

void kv_register_verify_cells_tests(void) {
    static const gc_test tests[] = {
        {.suite = "kzg_verify", .name = "verify_cell_kzg_proof_batch", .tags = "kzg,verify",
         .description = "verify_cell_kzg_proof_batch on the device vs ckzg 2.1.8 (valid, invalid, BADARGS cases)",
         .budget_s = 900, .min_checks = 4, .run = verify_cells_run},
        {.suite = "mutant_kzg_verify", .name = "verify_cells.column_drops_last_cell", .tags = "kzg,verify,mutant",
         .description = "verify_cell_kzg_proof_batch whose device interpolant leaves each column's last cell out: "
                        "ckzg's verdicts must catch it",
         .budget_s = 900, .min_checks = 2, .expect = GC_FAIL, .param = &mutant_column_last_cell, .run = verify_cells_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
