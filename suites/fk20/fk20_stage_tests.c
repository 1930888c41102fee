/* SPDX-License-Identifier: Apache-2.0 */
/* fk20_stage_tests.c — each FK20 stage on the device against the independent py_ecc
 * reference (crypto/kzg/vectors/fk20_stages_L<L>.txt), in the discipline of the FK20 GPU
 * project's test template: the stage's input is the known answer of the stage before
 * (not our own output), its output buffer is filled with the canary first, the result is
 * compared with the known answer and then (the harness's negative control) against a
 * mangled copy, which must fail; at 1 row and at many rows. The mutant builds
 * (KZG_MUTANT, suite mutant_fk20) must be caught. */
#include <stdio.h>
#include <string.h>

#include "suites/fk20/fk20_suite.h"

typedef enum {
    ST_POLY, ST_CIRCULANT, ST_X_EXT_FFT, ST_MSM, ST_G1_IFFT, ST_G1_FFT, ST_G1_CONV, ST_COMPRESS, ST_CELLS, ST_COMMIT,
    ST_G1_STRAUS
} stage;

#define N_STAGES 11
static const char *const stage_names[N_STAGES] = {"poly",   "circulant_fft", "x_ext_fft", "msm",   "g1_ifft_truncate",
                                                  "g1_fft", "g1_conv",       "compress",  "cells", "commitment",
                                                  "g1_straus"};

typedef struct {
    stage st;
    unsigned l;
    size_t rows; /* 0: many (64 x --scale, at least 2) */
    const char *mutant; /* "KZG_MUTANT=n" or NULL */
    int single_stages;  /* 1: the G1 FFTs one stage per launch even at one row (no fused pairs) */
    unsigned comb_teeth; /* nonzero: the MSM tables at this many teeth, even on a CPU device */
    unsigned team_lanes; /* nonzero: the fused G1 pairs (the convolution's products for its stage)
                            by teams of this many, even on a CPU device, unless --param
                            fk20.g1_team (fk20.conv_team) names a size */
} stage_param;

typedef struct {
    fk20_owned owned;
    fk20_stage_vectors v;
    size_t rows;
} stage_state;

static gc_status stage_setup(gc_test_ctx *ctx) {
    const stage_param *p = gc_ctx_test(ctx)->param;
    stage_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    s->rows = p->rows;
    if (!s->rows) {
        s->rows = (size_t)(64 * gc_ctx_scale(ctx));
        if (s->rows < 2) s->rows = 2;
    }
    gc_status st = fk20_load_stage_vectors(ctx, p->l, p->st == ST_MSM || p->st == ST_X_EXT_FFT, &s->v);
    if (st == GC_ERR_NOT_FOUND) return GC_ERR_UNSUPPORTED; /* skipped, the reason given */
    if (st) return st;
    /* The MSM's bases are the known x_ext_fft; the x_ext_fft test checks the library's
     * own precomputation; no other stage reads it. */
    const char *defs[1] = {p->mutant};
    kzg_ctx_overrides hooks = {defs, p->mutant ? 1 : 0,
                                p->st == ST_MSM         ? KZG_X_EXT_FFT_GIVEN
                                : p->st == ST_X_EXT_FFT ? KZG_X_EXT_FFT_COMPUTE
                                                        : KZG_X_EXT_FFT_NONE,
                                s->v.x_ext_fft, p->comb_teeth};
    /* the G1 convolution's test has it whatever the device's default (CPU devices: none) */
    gc_status st2 = fk20_ctx(ctx, &s->owned, p->l, s->rows, p->st == ST_G1_CONV ? KZG_CONV_MAX_BATCH : 0, &hooks);
    if (!st2 && p->single_stages && kzg_ctx_set_g1_pair_max_points(s->owned.kc, 0)) return GC_ERR_DEVICE_MEMORY;
    uint64_t lanes = 0;
    kzg_team_site site = p->st == ST_G1_CONV ? KZG_TEAM_CONV : KZG_TEAM_G1_PAIRS;
    if (!st2 && p->team_lanes && (!gc_ctx_param_uint(ctx, fk20_team_params[site], &lanes) || !lanes))
        kzg_ctx_set_team(s->owned.kc, site, p->team_lanes);
    return st2;
}

/* bytes of one row's data, replicated over rows into buffer b */
static gc_status put_rows(gc_buffer *b, const void *row, size_t row_bytes, size_t rows) {
    for (size_t r = 0; r < rows; r++) {
        gc_status st = gc_buffer_write(b, r * row_bytes, row, row_bytes);
        if (st) return st;
    }
    return GC_OK;
}

static gc_status stage_run(gc_test_ctx *ctx) {
    const stage_param *p = gc_ctx_test(ctx)->param;
    stage_state *s = gc_ctx_state(ctx);
    gc_kzg_ctx *kc = s->owned.kc;
    fk20_stage_vectors *v = &s->v;
    size_t n = s->rows, two_r = v->two_r, l = v->l;
    uint8_t canary = gc_ctx_canary(ctx);
    gc_status st = GC_OK;
    gc_kzg_ret r = GC_KZG_OK;
    switch (p->st) {
    case ST_POLY: /* blob bytes -> Fr -> inverse FFT (in place: poison first), as the pipeline */
        if ((st = put_rows(kc->batch.bb.blobs, v->blob, GC_KZG_BYTES_PER_BLOB, n)) ||
            (st = gc_buffer_fill_byte(kc->batch.bb.poly, canary)))
            break;
        r = kzg_stage_blob_to_poly(kc, n);
        break;
    case ST_CIRCULANT:
    case ST_CELLS:
    case ST_COMMIT:
        if ((st = put_rows(kc->batch.bb.poly, v->poly, 4096 * sizeof(gc_fr), n)) ||
            (st = gc_buffer_fill_byte(p->st == ST_CIRCULANT ? kc->batch.bb.circ
                                      : p->st == ST_CELLS     ? kc->batch.bb.out_bytes
                                                              : kc->batch.bb.commit_bytes,
                                      canary)))
            break;
        r = p->st == ST_CIRCULANT ? kzg_stage_circulant_fft(kc, n)
            : p->st == ST_CELLS   ? kzg_stage_cells(kc, n)
                                  : kzg_stage_commitment(kc, n);
        break;
    case ST_X_EXT_FFT: /* made when the context was */
        break;
    case ST_MSM:
        if ((st = put_rows(kc->batch.bb.circ, v->circulant_fft, l * two_r * sizeof(gc_fr), n)) ||
            (st = gc_buffer_fill_byte(kc->batch.bb.u, canary)))
            break;
        r = kzg_stage_fk20_msm(kc, n, 0);
        break;
    case ST_G1_IFFT: /* in place */
        if (!(st = put_rows(kc->batch.bb.u, v->u, two_r * sizeof(gc_g1p), n))) r = kzg_stage_g1_ifft_truncate(kc, n);
        break;
    case ST_G1_CONV:     /* u / 2r (what the pipeline's scaled MSM gives) -> the proofs, in */
    case ST_G1_STRAUS: { /* place; the products poisoned: a slot the kernel skipped would be summed */
        gc_g1p *row = gc_ctx_malloc(ctx, two_r * sizeof(gc_g1p));
        if (!row) return GC_ERR_NO_MEMORY;
        gc_fr inv;
        gc_fr_fft_inv_n(&inv, kc->log_2r);
        for (size_t j = 0; j < two_r; j++) gc_g1p_mul(&row[j], &v->u[j], &inv);
        gc_buffer *products = p->st == ST_G1_CONV ? kc->conv.products : kc->straus.products;
        if ((st = put_rows(kc->batch.bb.u, row, two_r * sizeof(gc_g1p), n)) ||
            (products && (st = gc_buffer_fill_byte(products, canary))))
            break;
        r = p->st == ST_G1_CONV ? kzg_stage_g1_conv(kc, n, 0) : kzg_stage_g1_straus(kc, n);
        break;
    }
    case ST_G1_FFT: { /* v padded with infinity, in place */
        gc_g1p *row = gc_ctx_malloc(ctx, two_r * sizeof(gc_g1p));
        if (!row) return GC_ERR_NO_MEMORY;
        memcpy(row, v->v, two_r / 2 * sizeof(gc_g1p));
        for (size_t j = two_r / 2; j < two_r; j++) gc_g1p_inf(&row[j]);
        if (!(st = put_rows(kc->batch.bb.u, row, two_r * sizeof(gc_g1p), n))) r = kzg_stage_g1_fft(kc, n);
        break;
    }
    case ST_COMPRESS:
        if ((st = put_rows(kc->batch.bb.u, v->proof_fft, two_r * sizeof(gc_g1p), n)) ||
            (st = gc_buffer_fill_byte(kc->batch.bb.proof_bytes, canary)))
            break;
        r = kzg_stage_compress_proofs(kc, n);
        break;
    }
    if (st) return st;
    if (r) return fk20_kzg_error(ctx, kc, r, stage_names[p->st]);
    return gc_device_finish(kc->dev);
}

static gc_status read_all(gc_test_ctx *ctx, gc_buffer *b, size_t bytes, void **out) {
    *out = gc_ctx_malloc(ctx, bytes);
    return *out ? gc_buffer_read(b, 0, *out, bytes) : GC_ERR_NO_MEMORY;
}

/* The stage's output buffer (its first n_rows rows of per_row elements) against `row`
 * replicated n_rows times; eq NULL compares bytes. */
static gc_status compare_rows(gc_test_ctx *ctx, gc_buffer *b, const void *row, size_t per_row, size_t elem,
                              size_t n_rows, gc_eq_fn eq, const char *label) {
    size_t row_bytes = per_row * elem;
    void *got;
    uint8_t *want = gc_ctx_malloc(ctx, row_bytes * n_rows);
    gc_status st = read_all(ctx, b, row_bytes * n_rows, &got);
    if (st || !want) return st ? st : GC_ERR_NO_MEMORY;
    for (size_t r = 0; r < n_rows; r++) memcpy(want + r * row_bytes, row, row_bytes);
    if (eq) gc_check_custom(ctx, label, want, got, per_row * n_rows, elem, eq, NULL);
    else gc_check_bytes(ctx, label, want, got, row_bytes * n_rows);
    return GC_OK;
}

static gc_status stage_check(gc_test_ctx *ctx) {
    const stage_param *p = gc_ctx_test(ctx)->param;
    stage_state *s = gc_ctx_state(ctx);
    gc_kzg_ctx *kc = s->owned.kc;
    fk20_stage_vectors *v = &s->v;
    size_t n = s->rows, two_r = v->two_r, l = v->l, r = two_r / 2;
    const size_t fr = sizeof(gc_fr), g1 = sizeof(gc_g1p);
    char label[128];
    switch (p->st) {
    case ST_POLY:
        snprintf(label, sizeof label, "blob -> polynomial, %zu rows, vs py_ecc", n);
        return compare_rows(ctx, kc->batch.bb.poly, v->poly, 4096, fr, n, fk20_eq_fr, label);
    case ST_CIRCULANT:
        snprintf(label, sizeof label, "polynomial -> circulant FFTs (L = %zu), %zu rows, vs py_ecc", l, n);
        return compare_rows(ctx, kc->batch.bb.circ, v->circulant_fft, l * two_r, fr, n, fk20_eq_fr, label);
    case ST_X_EXT_FFT:
        snprintf(label, sizeof label, "setup -> x_ext_fft (L = %zu) vs py_ecc", l);
        return compare_rows(ctx, kc->fk20.x_ext_fft, v->x_ext_fft, l * two_r, g1, 1, fk20_eq_g1p, label);
    case ST_MSM:
        snprintf(label, sizeof label, "circulant FFTs x x_ext_fft (MSM) -> u, %zu rows, vs py_ecc", n);
        return compare_rows(ctx, kc->batch.bb.u, v->u, two_r, g1, n, fk20_eq_g1p, label);
    case ST_G1_IFFT: { /* unscaled: 2r v, then infinity */
        gc_g1p *row = gc_ctx_malloc(ctx, two_r * g1);
        if (!row) return GC_ERR_NO_MEMORY;
        gc_fr k;
        gc_fr_from_u32(&k, (uint32_t)two_r);
        for (size_t j = 0; j < r; j++) gc_g1p_mul(&row[j], &v->v[j], &k);
        for (size_t j = r; j < two_r; j++) gc_g1p_inf(&row[j]);
        snprintf(label, sizeof label, "u -> inverse G1 FFT (unscaled), truncated, %zu rows, vs py_ecc", n);
        return compare_rows(ctx, kc->batch.bb.u, row, two_r, g1, n, fk20_eq_g1p, label);
    }
    case ST_G1_FFT:
        snprintf(label, sizeof label, "v -> G1 FFT (proofs, natural order), %zu rows, vs py_ecc", n);
        return compare_rows(ctx, kc->batch.bb.u, v->proof_fft, two_r, g1, n, fk20_eq_g1p, label);
    case ST_G1_CONV:
    case ST_G1_STRAUS:
        snprintf(label, sizeof label, "u -> G1 convolution%s (proofs, natural order), %zu rows, vs py_ecc",
                 p->st == ST_G1_STRAUS ? " by Straus" : "", n);
        return compare_rows(ctx, kc->batch.bb.u, v->proof_fft, two_r, g1, n, fk20_eq_g1p, label);
    case ST_COMPRESS:
        snprintf(label, sizeof label, "proofs -> compressed, bit-reversed, %zu rows, vs py_ecc/ckzg", n);
        return compare_rows(ctx, kc->batch.bb.proof_bytes, v->proofs, two_r * 48, 1, n, NULL, label);
    case ST_COMMIT:
        snprintf(label, sizeof label, "polynomial -> commitment (MSM over the setup), %zu rows, vs ckzg", n);
        return compare_rows(ctx, kc->batch.bb.commit_bytes, v->commitment, 48, 1, n, NULL, label);
    case ST_CELLS: { /* 2048-byte cells compared through their SHA-256 (ckzg_cells.txt keeps those) */
        void *got;
        gc_status st = read_all(ctx, kc->batch.bb.out_bytes, n * 8192 * 32, &got);
        if (st) return st;
        snprintf(label, sizeof label, "polynomial -> cells (SHA-256 of each), %zu rows, vs ckzg", n);
        return fk20_check_cell_digests(ctx, label, got, n, v->cell_sha256);
    }
    }
    return GC_OK;
}


static const char *const stage_what[] = {
    "blob -> Fr -> inverse FFT (coefficients)", "polynomial -> circulant rows -> their FFTs",
    "setup -> its FFT (the precomputation)",    "circulant FFTs x x_ext_fft: one MSM per position",
    "u -> inverse G1 FFT, upper half cleared",  "v -> G1 FFT (the proofs)",
    "u -> the proofs by one convolution (the two G1 FFTs' map)",
    "proofs -> compressed, bit-reversed order", "polynomial -> cells (FFT over 8192 points)",
    "polynomial -> commitment (MSM over the setup points)",
    "u -> the proofs by the batches' convolution (Straus over groups of taps)"};

#define N_L 3
static stage_param params[N_L][N_STAGES][2];
static char names[N_L][N_STAGES][2][64], descs[N_L][N_STAGES][2][128];

static const stage_param mutants[] = {
    {ST_POLY, 64, 1, "KZG_MUTANT=1", 0, 0, 0},
    {ST_MSM, 64, 1, "KZG_MUTANT=2", 0, 0, 0},
    {ST_G1_FFT, 64, 1, "KZG_MUTANT=3", 1, 0, 0}, /* its fault is in the single-stage kernel */
    {ST_CIRCULANT, 64, 1, "KZG_MUTANT=4", 0, 0, 0},
    {ST_G1_FFT, 64, 1, "KZG_MUTANT=6", 0, 0, 0},
    {ST_G1_CONV, 64, 1, "KZG_MUTANT=5", 0, 0, 0},
    /* two rows, every stage a single stage (as mutant 3), their rows split in halves over
     * two queues; the fault sends the second half to the first */
    {ST_G1_FFT, 16, 2, "KZG_MUTANT=7", 1, 0, 0},
    /* the signed comb's table (6 teeth: 12 MB for the setup), which a CPU device does not
     * use by default; the fault drops the flag of even scalars */
    {ST_COMMIT, 64, 1, "KZG_MUTANT=8", 0, 6, 0},
    {ST_G1_CONV, 64, 1, "KZG_MUTANT=9", 0, 0, 0},
    /* the split convolution's negacyclic half (outputs r .. 2r - 1) without its wrap sign */
    {ST_G1_CONV, 64, 1, "KZG_MUTANT=10", 0, 0, 0},
    /* the paired convolution's rest (slot 0) one point short of the cyclic half's sum */
    {ST_G1_CONV, 64, 1, "KZG_MUTANT=11", 0, 0, 0},
    /* the comb's column parts with their weights deferred (one row: two parts by default),
     * combined one doubling short; the tables at 6 teeth, as a CPU device has none */
    {ST_MSM, 64, 1, "KZG_MUTANT=12", 0, 6, 0},
    /* the fused pairs' teams (g1_team.gc, of four unless --param mutant_fk20.g1_team=2, on any
     * device): every lane gets lane 2's product in place of lane 3's */
    {ST_G1_FFT, 64, 1, "GC_FAULT=GC_BLS_FAULT_TEAM_LANE", 0, 0, 4},
    /* the same fault in the convolution's products by teams of two (g1_conv_taps_team, which
     * CUDA takes for one blob; on any device here) */
    {ST_G1_CONV, 64, 1, "GC_FAULT=GC_BLS_FAULT_TEAM_LANE", 0, 0, 2},
    /* the small sums' trees at 32 work-items an output (the convolution's 72 slots) striding
     * their first chunks by 64: chunks 32 .. 63 of each output left out */
    {ST_G1_CONV, 64, 1, "KZG_MUTANT=13", 0, 0, 0},
    /* the batches' convolution adding -phi's odd multiples with the wrong sign */
    {ST_G1_STRAUS, 64, 1, "KZG_MUTANT=15", 0, 0, 0},
    /* its row split twice (the default) taking the r/2-point negacyclic segment as cyclic */
    {ST_G1_STRAUS, 64, 1, "KZG_MUTANT=16", 0, 0, 0},
    /* the sums of many outputs of a few chunks (g1_sum_tree, several outputs a work-group:
     * at L = 64, eight rows and 6 teeth, 1,024 outputs of 32 chunks, 4 a group, on PoCL
     * and on a GPU) summing the group's first output in every place */
    {ST_MSM, 64, 8, "KZG_MUTANT=17", 0, 6, 0},
};
static const char *const mutant_names[] = {"wrong_fr_twiddle",      "dropped_msm_term",      "wrong_g1_twiddle",
                                           "wrong_circulant_index", "wrong_g1_pair_product", "wrong_conv_tap",
                                           "wrong_g1_half_rows",    "lost_comb_sign",        "wrong_conv_piece",
                                           "lost_conv_wrap_sign",   "wrong_conv_rest",       "wrong_msm_part_weight",
                                           "wrong_team_lane",       "wrong_conv_team_lane",  "wrong_sum_tree_stride",
                                           "wrong_straus_phi_sign", "wrong_straus_segment",  "wrong_sum_group_output"};

void fk20_register_stage_tests(void) {
    static const unsigned ls[N_L] = {64, 32, 16};
    for (int li = 0; li < N_L; li++)
        for (int s = 0; s < N_STAGES; s++)
            for (int many = 0; many < 2; many++) {
                /* cells and commitment do not depend on L: tested at L = 64 only; the
                 * G1 convolution exists at L = 64 only; the precomputation has no rows */
                if ((s == ST_CELLS || s == ST_COMMIT || s == ST_G1_CONV || s == ST_G1_STRAUS) && ls[li] != 64) continue;
                if (s == ST_X_EXT_FFT && many) continue;
                stage_param *p = &params[li][s][many];
                *p = (stage_param){(stage)s, ls[li], many ? 0 : 1, NULL, 0, 0, 0};
                snprintf(names[li][s][many], 64, "L%u.%s.%s", ls[li], stage_names[s], many ? "rows" : "row1");
                snprintf(descs[li][s][many], 128, "%s, L = %u, %s", stage_what[s], ls[li],
                         many ? "many rows (64 x --scale)" : "one row");
                /* manual: minutes each on a CPU device; `--filter 'fk20*'` runs them */
                gc_test t = {.suite = "fk20", .name = names[li][s][many], .tags = "fk20,kzg,stage,manual",
                             .description = descs[li][s][many], .budget_s = 600, .param = p,
                             .setup = stage_setup, .run = stage_run, .check = stage_check,
                             .teardown = fk20_teardown};
                gc_test_register(&t);
            }
    for (size_t m = 0; m < sizeof mutants / sizeof mutants[0]; m++) {
        gc_test t = {.suite = "mutant_fk20", .name = mutant_names[m], .tags = "fk20,mutant,manual",
                     .description = "a kernel built with a fault: its stage test must FAIL", .budget_s = 600,
                     .expect = GC_FAIL,
                     .param = &mutants[m], .setup = stage_setup, .run = stage_run, .check = stage_check,
                     .teardown = fk20_teardown};
        gc_test_register(&t);
    }
}
