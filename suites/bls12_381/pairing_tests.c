/* SPDX-License-Identifier: Apache-2.0 */
/* pairing_tests.c — the BLS12-381 pairing on the device (crypto/bls12_381/pairing.gc through
 * suites/bls12_381/pairing_kernels.gc), one computation a work-item:
 *   pairing.tower   Fp12 products, squares, inverses, Frobenius maps vs py_ecc's known
 *                   answers and the host build
 *   pairing.values  e(P, Q) and the final exponentiation vs py_ecc and arkworks
 *   pairing.checks  pairing checks of 1 to 6 pairs (valid, invalid, infinities) vs the known
 *                   answers, and negative controls: each valid check with a point changed
 *                   must come back invalid
 *   bench.pairing   independent pairings per second (Miller loop and final exponentiation
 *                   a work-item), validated against the host build and a known answer first
 * and on CUDA values, checks and the benchmark again with the PTX product (*_ptx).
 * A test build adds the mutants mutant_bls12_381.pairing_{line_coeff,frobenius_term}: the
 * values test on kernels built with a fault site of pairing.gc / fp12.gc on. Kept small:
 * PoCL compiles and runs a handful of pairings. */
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

#define SRC "suites/bls12_381/pairing_kernels.gc"
#define N_TOWER_OPS 6       /* pairing_kernels.gc: GC_PAIRING_N_TOWER_OPS */
#define PAIRING_MAX_PAIRS 8 /* GC_PAIRING_MAX_PAIRS */
#define BENCH_DISTINCT 32
#define BENCH_MAX_SAMPLES 1024

typedef struct {
    const char *fault; /* GC_FAULT for the mutants, else NULL */
    int ptx;           /* GC_BLS_PTX=1: the CUDA carry-chain product */
} pairing_param;

static const pairing_param plain = {NULL, 0}, with_ptx = {NULL, 1};

static const char *fault_of(gc_test_ctx *ctx) {
    const pairing_param *p = gc_ctx_test(ctx)->param;
    return p ? p->fault : NULL;
}

static int ptx_of(gc_test_ctx *ctx) {
    const pairing_param *p = gc_ctx_test(ctx)->param;
    return p && p->ptx;
}

/* Fp12 elements: every coefficient canonical, and equal. */
static int eq_fp12(const void *expected, const void *got, size_t size) {
    gc_fp c[12];
    if (size != sizeof c) return 0;
    memcpy(c, got, sizeof c);
    for (int i = 0; i < 12; i++)
        if (!gc_fp_is_canonical(&c[i])) return 0;
    return memcmp(expected, got, size) == 0;
}

static gc_status decode_fail(gc_test_ctx *ctx, const char *what, size_t i) {
    gc_ctx_error(ctx, "%s known answer %zu does not decode", what, i);
    return GC_ERR_PARSE;
}

static gc_range range_of(size_t n) {
    size_t group = n < 32 ? n : 32;
    gc_range r = {1, {(n + group - 1) / group * group, 1, 1}, {group, 1, 1}, 0};
    return r;
}

static void random_fp12(gc_test_ctx *ctx, gc_fp12 *out) {
    bls_random_elements(ctx, &bls_fp, (uint32_t *)out, 12, 0);
}

/* ---- pairing.tower ---- */
static gc_status tower_run(gc_test_ctx *ctx) {
    size_t nk = gc_bls_fp12_vector_count, n = nk + 4;
    gc_fp12 *a = gc_ctx_malloc(ctx, n * sizeof *a), *b = gc_ctx_malloc(ctx, n * sizeof *b);
    gc_fp12 *kat = gc_ctx_malloc(ctx, nk * N_TOWER_OPS * sizeof *kat);
    gc_fp12 *host = gc_ctx_malloc(ctx, n * N_TOWER_OPS * sizeof *host);
    if (!a || !b || !kat || !host) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < nk; i++) {
        const gc_bls_fp12_vec *v = &gc_bls_fp12_vectors[i];
        const char *want[N_TOWER_OPS] = {v->mul, v->sqr, v->inv, v->frob1, v->frob2, v->frob3};
        if (!gc_bls_fp12_from_hex(&a[i], v->a) || !gc_bls_fp12_from_hex(&b[i], v->b)) return decode_fail(ctx, "fp12", i);
        for (int k = 0; k < N_TOWER_OPS; k++)
            if (!gc_bls_fp12_from_hex(&kat[i * N_TOWER_OPS + (size_t)k], want[k])) return decode_fail(ctx, "fp12", i);
    }
    for (size_t i = nk; i < n; i++) random_fp12(ctx, &a[i]), random_fp12(ctx, &b[i]);
    for (size_t i = 0; i < n; i++) {
        gc_fp12 *o = host + i * N_TOWER_OPS;
        gc_fp12_mul(&o[0], &a[i], &b[i]);
        gc_fp12_sqr(&o[1], &a[i]);
        gc_fp12_inv(&o[2], &a[i]);
        for (int j = 1; j <= 3; j++) gc_fp12_frobenius(&o[2 + j], &a[i], j);
    }
    gc_buffer *da, *db, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * sizeof *a, a, &da)) || (st = gc_ctx_alloc_input(ctx, n * sizeof *b, b, &db)) ||
        (st = gc_ctx_alloc_output(ctx, n * N_TOWER_OPS * sizeof(gc_fp12), &out)) ||
        (st = bls_kernel(ctx, SRC, "pairing_tower", fault_of(ctx), ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(da), GC_ARG_BUF(db), GC_ARG_VAL(n32)};
    gc_range r = range_of(n);
    if ((st = gc_kernel_launch(k, &r, args, 4, NULL))) return st;
    gc_fp12 *got;
    if ((st = bls_read(ctx, out, n * N_TOWER_OPS * sizeof(gc_fp12), (void **)&got))) return st;
    gc_check_custom(ctx, "a b, a^2, 1/a, a^p, a^(p^2), a^(p^3) vs py_ecc known answers", kat, got,
                    nk * N_TOWER_OPS, sizeof(gc_fp12), eq_fp12, NULL);
    gc_check_custom(ctx, "the same ops on known-answer and random inputs vs host build", host, got, n * N_TOWER_OPS,
                    sizeof(gc_fp12), eq_fp12, NULL);
    return GC_OK;
}

/* ---- pairing.values ---- */
static gc_status values_run(gc_test_ctx *ctx) {
    size_t np = gc_bls_pairing_vector_count, nf = gc_bls_final_exp_vector_count;
    gc_g1a *p = gc_ctx_malloc(ctx, np * sizeof *p);
    gc_g2a *q = gc_ctx_malloc(ctx, np * sizeof *q);
    gc_fp12 *e = gc_ctx_malloc(ctx, np * sizeof *e), *f = gc_ctx_malloc(ctx, nf * sizeof *f);
    gc_fp12 *fe = gc_ctx_malloc(ctx, nf * sizeof *fe);
    if (!p || !q || !e || !f || !fe) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < np; i++) {
        const gc_bls_pairing_vec *v = &gc_bls_pairing_vectors[i];
        if (!gc_bls_g1a_from_hex(&p[i], v->p) || !gc_bls_g2a_from_hex(&q[i], v->q) || !gc_bls_fp12_from_hex(&e[i], v->e))
            return decode_fail(ctx, "pairing", i);
    }
    for (size_t i = 0; i < nf; i++) {
        const gc_bls_final_exp_vec *v = &gc_bls_final_exp_vectors[i];
        if (!gc_bls_fp12_from_hex(&f[i], v->f) || !gc_bls_fp12_from_hex(&fe[i], v->r))
            return decode_fail(ctx, "final exponentiation", i);
    }
    gc_buffer *dp, *dq, *df, *de, *dfe;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, np * sizeof *p, p, &dp)) || (st = gc_ctx_alloc_input(ctx, np * sizeof *q, q, &dq)) ||
        (st = gc_ctx_alloc_input(ctx, nf * sizeof *f, f, &df)) ||
        (st = gc_ctx_alloc_output(ctx, np * sizeof(gc_fp12), &de)) ||
        (st = gc_ctx_alloc_output(ctx, nf * sizeof(gc_fp12), &dfe)) ||
        (st = bls_kernel(ctx, SRC, "pairing_values", fault_of(ctx), ptx_of(ctx), &k)))
        return st;
    uint32_t np32 = (uint32_t)np, nf32 = (uint32_t)nf;
    gc_arg args[] = {GC_ARG_BUF(de), GC_ARG_BUF(dp), GC_ARG_BUF(dq), GC_ARG_VAL(np32),
                     GC_ARG_BUF(dfe), GC_ARG_BUF(df), GC_ARG_VAL(nf32)};
    gc_range r = range_of(np + nf);
    if ((st = gc_kernel_launch(k, &r, args, 7, NULL))) return st;
    void *got_e, *got_fe;
    if ((st = bls_read(ctx, de, np * sizeof(gc_fp12), &got_e)) || (st = bls_read(ctx, dfe, nf * sizeof(gc_fp12), &got_fe)))
        return st;
    gc_check_custom(ctx, "e(P, Q) vs py_ecc and arkworks (random points, bilinearity cases)", e, got_e, np,
                    sizeof(gc_fp12), eq_fp12, NULL);
    gc_check_custom(ctx, "final_exp(f) vs py_ecc (random f, py_ecc's Miller loop value)", fe, got_fe, nf,
                    sizeof(gc_fp12), eq_fp12, NULL);
    return GC_OK;
}

/* ---- pairing.checks ---- */
static gc_status checks_run(gc_test_ctx *ctx) {
    size_t nv = gc_bls_pairing_check_vector_count, pairs = 0, nvalid = 0;
    for (size_t i = 0; i < nv; i++) {
        pairs += (size_t)gc_bls_pairing_check_vectors[i].n;
        nvalid += gc_bls_pairing_check_vectors[i].valid != 0;
    }
    /* the vectors, then each valid one with a pair of finite points again, the first such
     * pair's P doubled */
    size_t n = nv + nvalid, total = 2 * pairs;
    gc_g1a *p = gc_ctx_malloc(ctx, total * sizeof *p);
    gc_g2a *q = gc_ctx_malloc(ctx, total * sizeof *q);
    uint32_t *first = gc_ctx_malloc(ctx, n * 4), *count = gc_ctx_malloc(ctx, n * 4), *want = gc_ctx_malloc(ctx, n * 4);
    if (!p || !q || !first || !count || !want) return GC_ERR_NO_MEMORY;
    size_t at = 0;
    for (size_t i = 0; i < nv; i++) {
        const gc_bls_pairing_check_vec *v = &gc_bls_pairing_check_vectors[i];
        if (v->n > PAIRING_MAX_PAIRS) return decode_fail(ctx, "pairing check (too many pairs)", i);
        first[i] = (uint32_t)at, count[i] = (uint32_t)v->n, want[i] = (uint32_t)v->valid;
        for (int j = 0; j < v->n; j++, at++) {
            char h1[97], h2[193];
            memcpy(h1, v->p + 96 * j, 96), h1[96] = 0;
            memcpy(h2, v->q + 192 * j, 192), h2[192] = 0;
            if (!gc_bls_g1a_from_hex(&p[at], h1) || !gc_bls_g2a_from_hex(&q[at], h2))
                return decode_fail(ctx, "pairing check", i);
        }
    }
    size_t c = nv;
    for (size_t i = 0; i < nv; i++) {
        if (!want[i]) continue;
        size_t start = at;
        int changed = 0;
        for (uint32_t j = 0; j < count[i]; j++, at++) {
            p[at] = p[first[i] + j], q[at] = q[first[i] + j];
            if (changed || gc_g1a_is_inf(&p[at]) || gc_g2a_is_inf(&q[at])) continue;
            gc_g1p t;
            gc_g1p_from_affine(&t, &p[at]);
            gc_g1p_dbl(&t, &t);
            gc_g1p_to_affine(&p[at], &t); /* e(2P, Q) = e(P, Q)^2: the product is off by e(P, Q) != 1 */
            changed = 1;
        }
        if (!changed) { /* every pair has a point at infinity: nothing to change */
            at = start;
            continue;
        }
        first[c] = (uint32_t)start, count[c] = count[i], want[c] = 0;
        c++;
    }
    n = c;
    gc_buffer *dp, *dq, *df, *dc, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, at * sizeof *p, p, &dp)) || (st = gc_ctx_alloc_input(ctx, at * sizeof *q, q, &dq)) ||
        (st = gc_ctx_alloc_input(ctx, n * 4, first, &df)) || (st = gc_ctx_alloc_input(ctx, n * 4, count, &dc)) ||
        (st = gc_ctx_alloc_output(ctx, n * 4, &out)) || (st = bls_kernel(ctx, SRC, "pairing_checks", fault_of(ctx), ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(dp), GC_ARG_BUF(dq), GC_ARG_BUF(df), GC_ARG_BUF(dc), GC_ARG_VAL(n32)};
    gc_range r = range_of(n);
    if ((st = gc_kernel_launch(k, &r, args, 6, NULL))) return st;
    uint32_t *got;
    if ((st = bls_read(ctx, out, n * 4, (void **)&got))) return st;
    gc_check_u32(ctx, "pairing checks of 1-6 pairs vs py_ecc and arkworks (valid, invalid, infinities)", want, got, nv);
    gc_check_u32(ctx, "negative controls: each valid check with one P doubled is invalid", want + nv, got + nv,
                 n - nv);
    return GC_OK;
}

/* ---- bench.pairing ---- */
typedef struct {
    gc_kernel *k;
    gc_buffer *p, *q, *e, *dummy_in, *dummy_out;
    gc_g1a *hp;
    gc_g2a *hq;
    size_t items;
    double samples[BENCH_MAX_SAMPLES];
    size_t n_samples;
} bench_state;

static gc_status bench_setup(gc_test_ctx *ctx) {
    const gc_device_info *info = gc_ctx_info(ctx);
    bench_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    memset(s, 0, sizeof *s);
    gc_ctx_set_state(ctx, s);
    /* 256 work-items per compute unit on a GPU (a pairing holds a few KB of state), 8 on a CPU */
    size_t per_cu = info->is_gpu ? 256 : 8;
    s->items = bls_scaled(ctx, (size_t)(info->compute_units ? info->compute_units : 1) * per_cu, 8, 8);
    if (!info->is_gpu && s->items > 32) s->items = 32;
    s->hp = gc_ctx_malloc(ctx, s->items * sizeof *s->hp);
    s->hq = gc_ctx_malloc(ctx, s->items * sizeof *s->hq);
    if (!s->hp || !s->hq) return GC_ERR_NO_MEMORY;
    /* BENCH_DISTINCT pairs, tiled (the time does not depend on the values); pair 0 is
     * (G1, G2), whose pairing is a known answer */
    gc_g1p g1, a;
    gc_g2p g2, b;
    gc_g1p_generator(&g1);
    gc_g2p_generator(&g2);
    for (size_t i = 0; i < BENCH_DISTINCT && i < s->items; i++) {
        gc_fr k1 = bls_random_scalar(ctx), k2 = bls_random_scalar(ctx);
        if (i == 0) a = g1, b = g2;
        else gc_g1p_mul(&a, &g1, &k1), gc_g2p_mul(&b, &g2, &k2);
        gc_g1p_to_affine(&s->hp[i], &a);
        gc_g2p_to_affine(&s->hq[i], &b);
    }
    for (size_t i = BENCH_DISTINCT; i < s->items; i++) s->hp[i] = s->hp[i % BENCH_DISTINCT], s->hq[i] = s->hq[i % BENCH_DISTINCT];
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, s->items * sizeof *s->hp, s->hp, &s->p)) ||
        (st = gc_ctx_alloc_input(ctx, s->items * sizeof *s->hq, s->hq, &s->q)) ||
        (st = gc_ctx_alloc_output(ctx, s->items * sizeof(gc_fp12), &s->e)) ||
        (st = gc_ctx_alloc_input(ctx, sizeof(gc_fp12), s->hp, &s->dummy_in)) ||
        (st = gc_ctx_alloc_output(ctx, sizeof(gc_fp12), &s->dummy_out)) ||
        (st = bls_kernel(ctx, SRC, "pairing_values", NULL, ptx_of(ctx), &s->k)))
        return st;
    gc_ctx_figure(ctx, "work_items", (double)s->items, "");
    return GC_OK;
}

static gc_status bench_launch(gc_test_ctx *ctx, double *ms) {
    bench_state *s = gc_ctx_state(ctx);
    uint32_t n32 = (uint32_t)s->items, zero = 0;
    gc_arg args[] = {GC_ARG_BUF(s->e), GC_ARG_BUF(s->p), GC_ARG_BUF(s->q), GC_ARG_VAL(n32),
                     GC_ARG_BUF(s->dummy_out), GC_ARG_BUF(s->dummy_in), GC_ARG_VAL(zero)};
    size_t group = gc_ctx_info(ctx)->is_gpu ? 64 : 8;
    gc_range r = {1, {(s->items + group - 1) / group * group, 1, 1}, {group, 1, 1}, 0};
    return gc_kernel_launch(s->k, &r, args, 7, ms);
}

static gc_status bench_run(gc_test_ctx *ctx) { return bench_launch(ctx, NULL); }

/* Work-items 0..7 and the last 8 against the host build, work-item 0 against e(G1, G2). */
static gc_status bench_check(gc_test_ctx *ctx) {
    bench_state *s = gc_ctx_state(ctx);
    size_t picks = s->items < 16 ? s->items : 16;
    gc_fp12 *got = gc_ctx_malloc(ctx, s->items * sizeof *got);
    gc_fp12 *want = gc_ctx_malloc(ctx, picks * sizeof *want), *sel = gc_ctx_malloc(ctx, picks * sizeof *sel), kat;
    if (!got || !want || !sel) return GC_ERR_NO_MEMORY;
    gc_status st = gc_buffer_read(s->e, 0, got, s->items * sizeof *got);
    if (st) return st;
    for (size_t j = 0; j < picks; j++) {
        size_t i = j < picks / 2 ? j : s->items - picks + j;
        gc_bls_pairing(&want[j], &s->hp[i], &s->hq[i]);
        sel[j] = got[i];
    }
    if (!gc_bls_fp12_from_hex(&kat, gc_bls_pairing_vectors[0].e)) return decode_fail(ctx, "pairing", 0);
    gc_check_custom(ctx, "sampled work-items vs host build", want, sel, picks, sizeof(gc_fp12), eq_fp12, NULL);
    gc_check_custom(ctx, "work-item 0: e(G1, G2) vs py_ecc and arkworks", &kat, got, 1, sizeof(gc_fp12), eq_fp12, NULL);
    return GC_OK;
}

static gc_status bench_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    (void)iteration;
    bench_state *s = gc_ctx_state(ctx);
    gc_status st = bench_launch(ctx, device_ms);
    if (st) return st;
    if (s->n_samples < BENCH_MAX_SAMPLES) s->samples[s->n_samples++] = *device_ms;
    *work = (double)s->items;
    return GC_OK;
}

static void bench_teardown(gc_test_ctx *ctx) {
    bench_state *s = gc_ctx_state(ctx);
    if (!s || !s->n_samples) return;
    gc_stats st;
    gc_stats_compute(s->samples, s->n_samples, &st);
    gc_ctx_figure(ctx, "median_throughput", (double)s->items / (st.median / 1000.0), "pairing/s");
    gc_ctx_figure(ctx, "ms_per_launch", st.median, "ms");
}

void bls_register_pairing_tests(void) {
    static const gc_test tests[] = {
        {.suite = "bls12_381", .name = "pairing.tower", .tags = "bls12_381,pairing",
         .description = "Fp12 mul, sqr, inv, Frobenius p, p^2, p^3 vs py_ecc known answers and host build",
         .budget_s = 300, .min_checks = 32, .param = &plain, .run = tower_run},
        {.suite = "bls12_381", .name = "pairing.values", .tags = "bls12_381,pairing",
         .description = "e(P, Q) and final exponentiation vs py_ecc and arkworks known answers", .budget_s = 300,
         .min_checks = 8, .param = &plain, .run = values_run},
        {.suite = "bls12_381", .name = "pairing.checks", .tags = "bls12_381,pairing",
         .description = "pairing checks of 1-6 pairs vs known answers; valid ones with a point changed fail",
         .budget_s = 300, .min_checks = 8, .param = &plain, .run = checks_run},
        {.suite = "bls12_381", .name = "bench.pairing", .tags = "bls12_381,bench,pairing",
         .description = "independent pairings per second (Miller loop and final exponentiation a work-item)",
         .budget_s = 300, .min_checks = 2, .param = &plain, .setup = bench_setup, .run = bench_run,
         .check = bench_check, .sample = bench_sample, .teardown = bench_teardown, .unit = "pairing/s"},
        {.suite = "bls12_381", .name = "pairing.values_ptx", .tags = "bls12_381,pairing",
         .description = "e(P, Q) and final exponentiation with the PTX product vs py_ecc and arkworks",
         .budget_s = 300, .min_checks = 8, .param = &with_ptx, .requires = bls_requires_cuda, .run = values_run},
        {.suite = "bls12_381", .name = "pairing.checks_ptx", .tags = "bls12_381,pairing",
         .description = "pairing checks with the PTX product vs known answers, with negative controls",
         .budget_s = 300, .min_checks = 8, .param = &with_ptx, .requires = bls_requires_cuda, .run = checks_run},
        {.suite = "bls12_381", .name = "bench.pairing_ptx", .tags = "bls12_381,bench,pairing",
         .description = "independent pairings per second, PTX carry-chain product (CUDA)", .budget_s = 300,
         .min_checks = 2, .param = &with_ptx, .requires = bls_requires_cuda, .baseline = "bench.pairing",
         .setup = bench_setup, .run = bench_run, .check = bench_check, .sample = bench_sample,
         .teardown = bench_teardown, .unit = "pairing/s"},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
#if GC_BUILD_TESTS
    static const pairing_param line = {"GC_BLS_FAULT_LINE_COEFF", 0}, frob = {"GC_BLS_FAULT_FROBENIUS_TERM", 0};
    static const gc_test mutants[] = {
        {.suite = "mutant_bls12_381", .name = "pairing_line_coeff", .tags = "bls12_381,pairing,mutant",
         .description = "mutant: the pairing values test with 2 X^2 for 3 X^2 in the doubling line",
         .budget_s = 300, .min_checks = 8, .expect = GC_FAIL, .param = &line, .run = values_run},
        {.suite = "mutant_bls12_381", .name = "pairing_frobenius_term", .tags = "bls12_381,pairing,mutant",
         .description = "mutant: the pairing values test with the p-power Frobenius' w^5 constant dropped",
         .budget_s = 300, .min_checks = 8, .expect = GC_FAIL, .param = &frob, .run = values_run},
    };
    for (size_t i = 0; i < sizeof mutants / sizeof mutants[0]; i++) gc_test_register(&mutants[i]);
#endif
}
