/* SPDX-License-Identifier: Apache-2.0 */
/* benchmarks.c — bls12_381 throughput: Fp and Fr Montgomery products, Fp inversions, G1
 * addition and doubling, G1 additions batch-affine against XYZZ's (the MSMs' next lever),
 * batched Fr FFT-8192 and G1 FFT-128/512. Each is validated first (a sample of
 * work-items or rows against the host build, FFT row 0 against the known answers), then
 * timed on the device.
 *
 * The limit figure (NVIDIA GPUs): an SM retires 64 32-bit integer multiply-adds per clock,
 * and a CIOS Montgomery product over n 32-bit limbs takes about 4 n^2 + n of them (the low
 * and high halves of 2 n^2 partial products, and n reduction factors): 580 for Fp (n = 12),
 * 264 for Fr (n = 8); the dedicated square (the CUDA chains) takes n (n - 1) + 2 n for the
 * square and 2 n^2 + n for the reduction: 456 for Fp. limit = SMs x clock x 64 / that; the figure of_limit is the achieved
 * median throughput over it. bench.fp_mul_latency_ptx runs the same chains one warp per SM
 * partition (128 work-items per SM, one work-group each): there of_limit is the share of the
 * multiply-add pipe that one warp keeps busy (the latency-bound kernels' case: one blob's
 * convolution, the 64-blob G1 stage pairs), and cycles_per_step the clocks of one loop step
 * (two independent products). (The median is taken over every sample, the harness's
 * warm-up samples included: a few of many, they do not move it.) */
#include <stdio.h>
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

#define BENCH_SRC "suites/bls12_381/bench_kernels.gc"
#define FFT_SRC "suites/bls12_381/fft_kernels.gc"
#define MAX_SAMPLES 4096

typedef enum {
    CHAIN_FP, CHAIN_FP_SQR, CHAIN_FP_INV, CHAIN_FR, CHAIN_G1_ADD, CHAIN_G1_DBL,
    CHAIN_G1_AFFINE_BATCH, CHAIN_G1_XYZZ_MADD /* BENCH_BATCH affine points a work-item (bench_kernels.gc) */
} chain_kind;
#define BENCH_BATCH 32 /* GC_BENCH_BATCH of bench_kernels.gc */

typedef struct {
    chain_kind kind;
    const char *kernel;
    size_t elem;          /* bytes per element */
    size_t in_per_item;   /* inputs per work-item */
    size_t out_per_item;
    double ops_per_iter;  /* operations per loop step and work-item */
    double mads_per_op;   /* 32-bit multiply-adds per operation (limit model), 0: none */
    uint32_t iters_gpu, iters_cpu;
    int ptx;              /* GC_BLS_PTX=1 */
    size_t per_cu_gpu;    /* work-items per compute unit on a GPU; 0: 1024 (throughput) */
} chain_param;

typedef struct {
    gc_kernel *k;
    gc_buffer *in, *out;
    void *host_in;
    size_t items;
    uint32_t iters;
    double work;
    double samples[MAX_SAMPLES];
    size_t n_samples;
} bench_state;

static bench_state *state(gc_test_ctx *ctx) { return gc_ctx_state(ctx); }

static int is_nvidia_gpu(const gc_device_info *info) {
    return info->is_gpu && (info->backend == GC_BACKEND_CUDA || strstr(info->vendor, "NVIDIA") != NULL);
}

static void record(bench_state *s, double ms) {
    if (s->n_samples < MAX_SAMPLES) s->samples[s->n_samples++] = ms;
}

/* Throughput figures, and the limit ratio where the device has a limit model; returns the
 * median sample in ms (0: no samples). */
static double report(gc_test_ctx *ctx, double mads_per_op, const char *unit) {
    bench_state *s = state(ctx);
    if (!s || s->n_samples == 0) return 0;
    gc_stats st;
    gc_stats_compute(s->samples, s->n_samples, &st);
    double per_s = s->work / (st.median / 1000.0);
    gc_ctx_figure(ctx, "median_throughput", per_s, unit);
    const gc_device_info *info = gc_ctx_info(ctx);
    if (mads_per_op > 0 && is_nvidia_gpu(info) && info->clock_mhz > 0) {
        double limit = (double)info->compute_units * info->clock_mhz * 1e6 * 64.0 / mads_per_op;
        gc_ctx_figure(ctx, "limit", limit, unit);
        gc_ctx_figure(ctx, "of_limit", 100.0 * per_s / limit, "%");
    } else if (mads_per_op > 0) {
        gc_ctx_note(ctx, "no limit model for %s (the 64 multiply-adds/clock/SM model is NVIDIA's)", info->name);
    }
    return st.median;
}

/* ---- chains: products, additions, doublings ---- */

/* n affine points of G1, none infinity (bls_random_points' first two are special). */
static gc_status affine_points(gc_test_ctx *ctx, gc_g1a *out, size_t n) {
    gc_g1p *p = gc_ctx_malloc(ctx, (n + 2) * sizeof *p);
    gc_g1a *a = gc_ctx_malloc(ctx, (n + 2) * sizeof *a);
    if (!p || !a) return GC_ERR_NO_MEMORY;
    bls_random_points(ctx, p, n + 2);
    gc_g1p_batch_to_affine(a, p, n + 2);
    memcpy(out, a + 2, n * sizeof *a);
    return GC_OK;
}

/* Affine points compared as the canonical bytes of their coordinates. */
static int eq_g1a(const void *expected, const void *got, size_t size) {
    gc_g1a g;
    memcpy(&g, got, sizeof g);
    return size == sizeof g && gc_fp_is_canonical(&g.x) && gc_fp_is_canonical(&g.y) && memcmp(expected, got, size) == 0;
}

static gc_status chain_setup(gc_test_ctx *ctx) {
    const chain_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    bench_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    /* enough work-items to fill every SM several times over, few on a CPU; the latency
     * benchmarks one warp per SM partition (128 per SM in one work-group) */
    size_t per_cu = info->is_gpu ? (p->per_cu_gpu ? p->per_cu_gpu : 1024) : 32;
    s->items = bls_scaled(ctx, (size_t)(info->compute_units ? info->compute_units : 1) * per_cu, 256, 256);
    s->iters = info->is_gpu ? p->iters_gpu : p->iters_cpu;
    s->work = (double)s->items * s->iters * p->ops_per_iter;
    size_t n_in = s->items * p->in_per_item;
    s->host_in = gc_ctx_malloc(ctx, n_in * p->elem);
    if (!s->host_in) return GC_ERR_NO_MEMORY;
    /* distinct inputs for 1024 work-items, tiled: the timing does not depend on values */
    size_t distinct = (s->items < 1024 ? s->items : 1024) * p->in_per_item;
    if (p->kind == CHAIN_G1_AFFINE_BATCH || p->kind == CHAIN_G1_XYZZ_MADD) {
        gc_status st = affine_points(ctx, s->host_in, distinct);
        if (st) return st;
    } else if (p->kind == CHAIN_FP || p->kind == CHAIN_FP_SQR || p->kind == CHAIN_FP_INV)
        bls_random_elements(ctx, &bls_fp, s->host_in, distinct, 0);
    else if (p->kind == CHAIN_FR) bls_random_elements(ctx, &bls_fr, s->host_in, distinct, 0);
    else bls_random_points(ctx, s->host_in, distinct);
    for (size_t i = distinct; i < n_in; i++)
        memcpy((char *)s->host_in + i * p->elem, (char *)s->host_in + (i % distinct) * p->elem, p->elem);
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n_in * p->elem, s->host_in, &s->in)) ||
        (st = gc_ctx_alloc_output(ctx, s->items * p->out_per_item * p->elem, &s->out)) ||
        (st = bls_kernel(ctx, BENCH_SRC, p->kernel, NULL, p->ptx, &s->k)))
        return st;
    gc_ctx_figure(ctx, "work_items", (double)s->items, "");
    gc_ctx_figure(ctx, "iterations", (double)s->iters, "");
    return GC_OK;
}

static gc_status chain_launch(gc_test_ctx *ctx, double *ms) {
    bench_state *s = state(ctx);
    const chain_param *p = gc_ctx_test(ctx)->param;
    gc_arg args[] = {GC_ARG_BUF(s->out), GC_ARG_BUF(s->in), GC_ARG_VAL(s->iters)};
    size_t group = p->per_cu_gpu && p->per_cu_gpu < 256 && gc_ctx_info(ctx)->is_gpu ? p->per_cu_gpu : 256;
    gc_range r = {1, {s->items, 1, 1}, {group, 1, 1}, 0};
    return gc_kernel_launch(s->k, &r, args, 3, ms);
}

static gc_status chain_run(gc_test_ctx *ctx) { return chain_launch(ctx, NULL); }

/* The host build of one work-item's chains. */
static void chain_host(const chain_param *p, const void *in, void *out, uint32_t iters) {
    if (p->kind == CHAIN_FP) {
        gc_fp v[4];
        memcpy(v, in, sizeof v);
        for (uint32_t i = 0; i < iters; i++) gc_fp_mul(&v[0], &v[0], &v[1]), gc_fp_mul(&v[2], &v[2], &v[3]);
        memcpy(out, &v[0], sizeof v[0]);
        memcpy((char *)out + sizeof v[0], &v[2], sizeof v[2]);
    } else if (p->kind == CHAIN_FP_SQR) {
        gc_fp v[4];
        memcpy(v, in, sizeof v);
        for (uint32_t i = 0; i < iters; i++) gc_fp_sqr(&v[0], &v[0]), gc_fp_sqr(&v[2], &v[2]);
        memcpy(out, &v[0], sizeof v[0]);
        memcpy((char *)out + sizeof v[0], &v[2], sizeof v[2]);
    } else if (p->kind == CHAIN_FP_INV) {
        gc_fp v[4];
        memcpy(v, in, sizeof v);
        for (uint32_t i = 0; i < iters; i++) {
            gc_fp_add(&v[0], &v[0], &v[1]);
            gc_fp_inv(&v[0], &v[0]);
            gc_fp_add(&v[2], &v[2], &v[3]);
            gc_fp_inv(&v[2], &v[2]);
        }
        memcpy(out, &v[0], sizeof v[0]);
        memcpy((char *)out + sizeof v[0], &v[2], sizeof v[2]);
    } else if (p->kind == CHAIN_G1_XYZZ_MADD) {
        /* a_0 + iters (q_0 + .. + q_(B-1)), in every slot; by the complete projective
         * formulas: the same point whatever the coordinates */
        const gc_g1a *a = in;
        gc_g1a *o = out;
        gc_g1p sum, q, acc;
        gc_g1p_inf(&sum);
        for (int b = 0; b < BENCH_BATCH; b++) {
            gc_g1p_from_affine(&q, &a[(b + 1) % BENCH_BATCH]);
            gc_g1p_add(&sum, &sum, &q);
        }
        gc_g1p_from_affine(&acc, &a[0]);
        for (uint32_t i = 0; i < iters; i++) gc_g1p_add(&acc, &acc, &sum);
        gc_g1p_to_affine(&o[0], &acc);
        for (int b = 1; b < BENCH_BATCH; b++) o[b] = o[0];
    } else if (p->kind == CHAIN_G1_AFFINE_BATCH) {
        /* a_b + iters q_b for each b, likewise */
        const gc_g1a *a = in;
        gc_g1a *o = out;
        for (int b = 0; b < BENCH_BATCH; b++) {
            gc_g1p q, acc;
            gc_g1p_from_affine(&acc, &a[b]);
            gc_g1p_from_affine(&q, &a[(b + 1) % BENCH_BATCH]);
            for (uint32_t i = 0; i < iters; i++) gc_g1p_add(&acc, &acc, &q);
            gc_g1p_to_affine(&o[b], &acc);
        }
    } else if (p->kind == CHAIN_FR) {
        gc_fr v[4];
        memcpy(v, in, sizeof v);
        for (uint32_t i = 0; i < iters; i++) gc_fr_mul(&v[0], &v[0], &v[1]), gc_fr_mul(&v[2], &v[2], &v[3]);
        memcpy(out, &v[0], sizeof v[0]);
        memcpy((char *)out + sizeof v[0], &v[2], sizeof v[2]);
    } else {
        gc_g1p v[2];
        memcpy(v, in, sizeof v);
        for (uint32_t i = 0; i < iters; i++) {
            if (p->kind == CHAIN_G1_ADD) gc_g1p_add(&v[0], &v[0], &v[1]);
            else gc_g1p_dbl(&v[0], &v[0]);
        }
        memcpy(out, &v[0], sizeof v[0]);
    }
}

static gc_status chain_check(gc_test_ctx *ctx) {
    const chain_param *p = gc_ctx_test(ctx)->param;
    bench_state *s = state(ctx);
    size_t out_item = p->out_per_item * p->elem, n_out = s->items * out_item;
    char *got = gc_ctx_malloc(ctx, n_out);
    /* the first 64 and the last 64 work-items */
    size_t picks = 128;
    char *want = gc_ctx_malloc(ctx, picks * out_item), *sel = gc_ctx_malloc(ctx, picks * out_item);
    if (!got || !want || !sel) return GC_ERR_NO_MEMORY;
    gc_status st = gc_buffer_read(s->out, 0, got, n_out);
    if (st) return st;
    for (size_t j = 0; j < picks; j++) {
        size_t i = j < 64 ? j : s->items - 128 + j;
        chain_host(p, (char *)s->host_in + i * p->in_per_item * p->elem, want + j * out_item, s->iters);
        memcpy(sel + j * out_item, got + i * out_item, out_item);
    }
    gc_eq_fn eq = p->kind == CHAIN_G1_AFFINE_BATCH || p->kind == CHAIN_G1_XYZZ_MADD ? eq_g1a
                  : p->kind == CHAIN_FP || p->kind == CHAIN_FP_SQR || p->kind == CHAIN_FP_INV ? bls_eq_fp : p->kind == CHAIN_FR ? bls_eq_fr : bls_eq_g1p;
    gc_check_custom(ctx, "sampled work-items vs host build", want, sel, picks * p->out_per_item, p->elem, eq, NULL);
    return GC_OK;
}

static gc_status chain_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    (void)iteration;
    gc_status st = chain_launch(ctx, device_ms);
    if (st) return st;
    record(state(ctx), *device_ms);
    *work = state(ctx)->work;
    return GC_OK;
}

static void chain_teardown(gc_test_ctx *ctx) {
    const gc_test *t = gc_ctx_test(ctx);
    const chain_param *p = t->param;
    double median_ms = report(ctx, p->mads_per_op, t->unit);
    const gc_device_info *info = gc_ctx_info(ctx);
    if (median_ms > 0 && p->per_cu_gpu && p->per_cu_gpu < 256 && info->is_gpu && info->clock_mhz > 0) {
        /* one warp alone on its partition: clocks per loop step (two independent chains) is
         * the latency the product has in a latency-bound kernel */
        gc_ctx_figure(ctx, "cycles_per_step", median_ms * 1e3 * info->clock_mhz / state(ctx)->iters, "clk");
    }
}

/* ---- FFTs: many rows per launch, one work-group each ---- */
typedef struct {
    int g1;
    unsigned log_n;
    size_t rows_gpu, rows_cpu;
    int ptx;
} fft_bench_param;

typedef struct {
    bench_state b;
    gc_buffer *tw, *scale;
    void *row0;  /* the known-answer input row, for validation */
    unsigned log_n;
    size_t rows;
} fft_state;

static gc_status fft_setup(gc_test_ctx *ctx) {
    const fft_bench_param *p = gc_ctx_test(ctx)->param;
    const gc_device_info *info = gc_ctx_info(ctx);
    fft_state *s = gc_ctx_malloc(ctx, sizeof *s);
    if (!s) return GC_ERR_NO_MEMORY;
    gc_ctx_set_state(ctx, s);
    s->log_n = p->log_n;
    s->rows = bls_scaled(ctx, info->is_gpu ? p->rows_gpu : p->rows_cpu, 1, 1);
    size_t n = (size_t)1 << p->log_n, elem = p->g1 ? sizeof(gc_g1p) : sizeof(gc_fr);
    size_t row_bytes = n * elem;
    char *data = gc_ctx_malloc(ctx, s->rows * row_bytes);
    gc_fr *tw = gc_ctx_malloc(ctx, n / 2 * sizeof(gc_fr)), inv_n;
    s->row0 = gc_ctx_malloc(ctx, row_bytes);
    if (!data || !tw || !s->row0) return GC_ERR_NO_MEMORY;
    /* row 0: the known answers' inputs; the others repeat it (the work does not depend on
     * the values) */
    gc_g1p g;
    gc_g1p_generator(&g);
    for (size_t j = 0; j < n; j++) {
        gc_fr v;
        gc_bls_fft_input(&v, (uint32_t)j);
        if (p->g1) gc_g1p_mul((gc_g1p *)s->row0 + j, &g, &v);
        else ((gc_fr *)s->row0)[j] = v;
    }
    for (size_t r = 0; r < s->rows; r++) memcpy(data + r * row_bytes, s->row0, row_bytes);
    gc_fr_fft_twiddles(tw, p->log_n, 0);
    gc_fr_fft_inv_n(&inv_n, p->log_n);
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, s->rows * row_bytes, data, &s->b.in)) ||
        (st = gc_ctx_alloc_input(ctx, n / 2 * sizeof(gc_fr), tw, &s->tw)) ||
        (st = gc_ctx_alloc_input(ctx, sizeof inv_n, &inv_n, &s->scale)) ||
        (st = bls_kernel(ctx, FFT_SRC, p->g1 ? "g1_fft" : "fr_fft", NULL, p->ptx, &s->b.k)))
        return st;
    s->b.work = (double)s->rows;
    gc_ctx_figure(ctx, "rows", (double)s->rows, "");
    return GC_OK;
}

static gc_status fft_launch(gc_test_ctx *ctx, double *ms) {
    fft_state *s = gc_ctx_state(ctx);
    uint32_t l32 = s->log_n, inverse = 0;
    gc_arg args[] = {GC_ARG_BUF(s->b.in), GC_ARG_BUF(s->tw), GC_ARG_BUF(s->scale), GC_ARG_VAL(l32),
                     GC_ARG_VAL(inverse)};
    size_t gs = (size_t)1 << (s->log_n - 1 < 8 ? s->log_n - 1 : 8);
    gc_range r = {1, {s->rows * gs, 1, 1}, {gs, 1, 1}, 0};
    return gc_kernel_launch(s->b.k, &r, args, 5, ms);
}

static gc_status fft_run(gc_test_ctx *ctx) { return fft_launch(ctx, NULL); }

/* Row 0 and the last row against the host build; row 0's sampled outputs against the
 * known answers. */
static gc_status fft_check(gc_test_ctx *ctx) {
    const fft_bench_param *p = gc_ctx_test(ctx)->param;
    fft_state *s = gc_ctx_state(ctx);
    size_t n = (size_t)1 << p->log_n, elem = p->g1 ? sizeof(gc_g1p) : sizeof(gc_fr), row_bytes = n * elem;
    char *want = gc_ctx_malloc(ctx, 2 * row_bytes), *got = gc_ctx_malloc(ctx, 2 * row_bytes);
    gc_fr *tw = gc_ctx_malloc(ctx, n / 2 * sizeof(gc_fr));
    unsigned char *kat = gc_ctx_malloc(ctx, 64 * 48), *kgot = gc_ctx_malloc(ctx, 64 * 48);
    if (!want || !got || !tw || !kat || !kgot) return GC_ERR_NO_MEMORY;
    gc_status st;
    if ((st = gc_buffer_read(s->b.in, 0, got, row_bytes)) ||
        (st = gc_buffer_read(s->b.in, (s->rows - 1) * row_bytes, got + row_bytes, row_bytes)))
        return st;
    memcpy(want, s->row0, row_bytes);
    gc_fr_fft_twiddles(tw, p->log_n, 0);
    if (p->g1) gc_g1_fft_serial((gc_g1p *)want, tw, p->log_n, 0);
    else gc_fr_fft_serial((gc_fr *)want, tw, p->log_n, 0);
    memcpy(want + row_bytes, want, row_bytes);
    gc_check_custom(ctx, "rows 0 and last vs host build", want, got, 2 * n, elem, p->g1 ? bls_eq_g1p : bls_eq_fr,
                    NULL);
    const gc_bls_fft_vec *vecs = p->g1 ? gc_bls_g1_fft_vectors : gc_bls_fr_fft_vectors;
    size_t nvec = p->g1 ? gc_bls_g1_fft_vector_count : gc_bls_fr_fft_vector_count, nk = 0;
    for (size_t v = 0; v < nvec && nk < 64; v++) {
        if (vecs[v].log_n != p->log_n || vecs[v].k >= n) continue;
        if (p->g1) {
            gc_g1a a;
            if (!gc_bls_hex_decode(kat + 48 * nk, 48, vecs[v].out)) return GC_ERR_PARSE;
            gc_g1p_to_affine(&a, (gc_g1p *)got + vecs[v].k);
            gc_g1a_compress(kgot + 48 * nk, &a);
        } else {
            if (!gc_bls_hex_decode(kat + 48 * nk, 32, vecs[v].out)) return GC_ERR_PARSE;
            gc_fr_to_bytes(kgot + 48 * nk, (gc_fr *)got + vecs[v].k);
            memset(kat + 48 * nk + 32, 0, 16), memset(kgot + 48 * nk + 32, 0, 16);
        }
        nk++;
    }
    if (nk) gc_check_custom(ctx, "row 0 sampled outputs vs known answers", kat, kgot, nk, 48, NULL, NULL);
    else gc_ctx_note(ctx, "no known answers for size %zu", n);
    return GC_OK;
}

static gc_status fft_sample(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work) {
    (void)iteration; /* transforms the previous output in place: the work is the same */
    gc_status st = fft_launch(ctx, device_ms);
    if (st) return st;
    fft_state *s = gc_ctx_state(ctx);
    record(&s->b, *device_ms);
    *work = s->b.work;
    return GC_OK;
}

static void fft_teardown(gc_test_ctx *ctx) {
    fft_state *s = gc_ctx_state(ctx);
    if (!s || !s->b.n_samples) return;
    gc_stats st;
    gc_stats_compute(s->b.samples, s->b.n_samples, &st);
    gc_ctx_figure(ctx, "ms_per_row", st.median / (double)s->rows, "ms");
}

void bls_register_benchmarks(void) {
    static const chain_param fp_mul = {CHAIN_FP, "fp_mul_chain", sizeof(gc_fp), 4, 2, 2, 580, 256, 128, 0, 0};
    static const chain_param fp_mul_lat = {CHAIN_FP, "fp_mul_chain", sizeof(gc_fp), 4, 2, 2, 580, 2048, 128, 1, 128};
    static const chain_param fp_inv = {CHAIN_FP_INV, "fp_inv_chain", sizeof(gc_fp), 4, 2, 2, 0, 8, 4, 0, 0};
    static const chain_param fp_inv_ptx = {CHAIN_FP_INV, "fp_inv_chain", sizeof(gc_fp), 4, 2, 2, 0, 8, 4, 1, 0};
    static const chain_param fp_inv_lat = {CHAIN_FP_INV, "fp_inv_chain", sizeof(gc_fp), 4, 2, 2, 0, 64, 4, 1, 128};
    /* a work-item: BENCH_BATCH points in, as many out, BENCH_BATCH additions a step; 512 a
     * compute unit (the inputs are 3 KB a work-item) */
    static const chain_param g1_affine_batch = {CHAIN_G1_AFFINE_BATCH, "g1_affine_batch_chain", sizeof(gc_g1a),
                                                BENCH_BATCH, BENCH_BATCH, BENCH_BATCH, 0, 8, 2, 0, 512};
    static const chain_param g1_xyzz_madd = {CHAIN_G1_XYZZ_MADD, "g1_xyzz_madd_chain", sizeof(gc_g1a),
                                             BENCH_BATCH, BENCH_BATCH, BENCH_BATCH, 0, 8, 2, 0, 512};
    static const chain_param g1_affine_batch_ptx = {CHAIN_G1_AFFINE_BATCH, "g1_affine_batch_chain", sizeof(gc_g1a),
                                                    BENCH_BATCH, BENCH_BATCH, BENCH_BATCH, 0, 8, 2, 1, 512};
    static const chain_param g1_xyzz_madd_ptx = {CHAIN_G1_XYZZ_MADD, "g1_xyzz_madd_chain", sizeof(gc_g1a),
                                                 BENCH_BATCH, BENCH_BATCH, BENCH_BATCH, 0, 8, 2, 1, 512};
    static const chain_param fr_mul = {CHAIN_FR, "fr_mul_chain", sizeof(gc_fr), 4, 2, 2, 264, 512, 256, 0, 0};
    static const chain_param g1_add = {CHAIN_G1_ADD, "g1_add_chain", sizeof(gc_g1p), 2, 1, 1, 0, 32, 16, 0, 0};
    static const chain_param g1_dbl = {CHAIN_G1_DBL, "g1_dbl_chain", sizeof(gc_g1p), 2, 1, 1, 0, 32, 16, 0, 0};
    static const chain_param fp_mul_ptx = {CHAIN_FP, "fp_mul_chain", sizeof(gc_fp), 4, 2, 2, 580, 256, 128, 1, 0};
    static const chain_param fr_mul_ptx = {CHAIN_FR, "fr_mul_chain", sizeof(gc_fr), 4, 2, 2, 264, 512, 256, 1, 0};
    static const chain_param fp_sqr_ptx = {CHAIN_FP_SQR, "fp_sqr_chain", sizeof(gc_fp), 4, 2, 2, 456, 256, 128, 1, 0};
    static const chain_param g1_add_ptx = {CHAIN_G1_ADD, "g1_add_chain", sizeof(gc_g1p), 2, 1, 1, 0, 32, 16, 1, 0};
    static const chain_param g1_dbl_ptx = {CHAIN_G1_DBL, "g1_dbl_chain", sizeof(gc_g1p), 2, 1, 1, 0, 32, 16, 1, 0};
    static const fft_bench_param fr8192 = {0, 13, 512, 2, 0};
    static const fft_bench_param g1_128 = {1, 7, 512, 2, 0};
    static const fft_bench_param g1_512 = {1, 9, 512, 1, 0};
    static const fft_bench_param fr8192_ptx = {0, 13, 512, 2, 1};
    static const fft_bench_param g1_128_ptx = {1, 7, 512, 2, 1};
    static const fft_bench_param g1_512_ptx = {1, 9, 512, 1, 1};
#define CHAIN_BENCH(nm, desc, par, u, req, base)                                                \
    {.suite = "bls12_381", .name = nm, .tags = "bls12_381,bench", .description = desc, .budget_s = 120,  \
     .min_checks = 64, .param = &par, .requires = req, .baseline = base, .setup = chain_setup, .run = chain_run, .check = chain_check,      \
     .sample = chain_sample, .teardown = chain_teardown, .unit = u}
#define FFT_BENCH(nm, desc, par, req, base)                                                      \
    {.suite = "bls12_381", .name = nm, .tags = "bls12_381,bench,fft", .description = desc, .budget_s = 240, \
     .min_checks = 2, .param = &par, .requires = req, .baseline = base, .setup = fft_setup, .run = fft_run, .check = fft_check,            \
     .sample = fft_sample, .teardown = fft_teardown, .unit = "FFT/s"}
    static const gc_test benches[] = {
        CHAIN_BENCH("bench.fp_mul", "Fp Montgomery products per second (two chains per work-item)", fp_mul, "mul/s", NULL, NULL),
        CHAIN_BENCH("bench.fp_mul_latency_ptx", "Fp products, one warp per SM partition (latency; CUDA's carry chains)", fp_mul_lat, "mul/s", bls_requires_cuda, NULL),
        CHAIN_BENCH("bench.fr_mul", "Fr Montgomery products per second (two chains per work-item)", fr_mul, "mul/s", NULL, NULL),
        CHAIN_BENCH("bench.g1_xyzz_madd", "G1 XYZZ + affine additions, one accumulator a work-item (msm_comb's form)", g1_xyzz_madd, "add/s", NULL, NULL),
        CHAIN_BENCH("bench.g1_affine_batch", "G1 affine additions, 32 a work-item sharing one inversion (Montgomery's trick)", g1_affine_batch, "add/s", NULL, "bench.g1_xyzz_madd"),
        CHAIN_BENCH("bench.fp_inv", "Fp inversions per second (divsteps; two chains per work-item)", fp_inv, "inv/s", NULL, NULL),
        CHAIN_BENCH("bench.g1_add", "G1 complete projective additions per second", g1_add, "add/s", NULL, NULL),
        CHAIN_BENCH("bench.g1_dbl", "G1 projective doublings per second", g1_dbl, "dbl/s", NULL, NULL),
        FFT_BENCH("bench.fr_fft8192", "Fr FFT-8192, many rows per launch (one work-group each)", fr8192, NULL, NULL),
        FFT_BENCH("bench.g1_fft128", "G1 FFT-128, many rows per launch (one work-group each)", g1_128, NULL, NULL),
        FFT_BENCH("bench.g1_fft512", "G1 FFT-512, many rows per launch (one work-group each)", g1_512, NULL, NULL),
        CHAIN_BENCH("bench.fp_mul_ptx", "Fp products, PTX carry chains (CUDA)", fp_mul_ptx, "mul/s", bls_requires_cuda, "bench.fp_mul"),
        CHAIN_BENCH("bench.fr_mul_ptx", "Fr products, PTX carry chains (CUDA)", fr_mul_ptx, "mul/s", bls_requires_cuda, "bench.fr_mul"),
        CHAIN_BENCH("bench.fp_sqr_ptx", "Fp dedicated squares, PTX carry chains (CUDA)", fp_sqr_ptx, "sqr/s", bls_requires_cuda, "bench.fp_mul_ptx"),
        CHAIN_BENCH("bench.fp_inv_ptx", "Fp inversions, PTX carry chains (CUDA)", fp_inv_ptx, "inv/s", bls_requires_cuda, "bench.fp_inv"),
        CHAIN_BENCH("bench.g1_xyzz_madd_ptx", "G1 XYZZ + affine additions, PTX products (CUDA)", g1_xyzz_madd_ptx, "add/s", bls_requires_cuda, "bench.g1_xyzz_madd"),
        CHAIN_BENCH("bench.g1_affine_batch_ptx", "G1 batch-affine additions, PTX products (CUDA)", g1_affine_batch_ptx, "add/s", bls_requires_cuda, "bench.g1_xyzz_madd_ptx"),
        CHAIN_BENCH("bench.fp_inv_latency_ptx", "Fp inversions, one warp per SM partition (latency; CUDA)", fp_inv_lat, "inv/s", bls_requires_cuda, NULL),
        CHAIN_BENCH("bench.g1_add_ptx", "G1 additions, PTX products (CUDA)", g1_add_ptx, "add/s", bls_requires_cuda, "bench.g1_add"),
        CHAIN_BENCH("bench.g1_dbl_ptx", "G1 doublings, PTX products (CUDA)", g1_dbl_ptx, "dbl/s", bls_requires_cuda, "bench.g1_dbl"),
        FFT_BENCH("bench.fr_fft8192_ptx", "Fr FFT-8192, PTX products (CUDA)", fr8192_ptx, bls_requires_cuda, "bench.fr_fft8192"),
        FFT_BENCH("bench.g1_fft128_ptx", "G1 FFT-128, PTX products (CUDA)", g1_128_ptx, bls_requires_cuda, "bench.g1_fft128"),
        FFT_BENCH("bench.g1_fft512_ptx", "G1 FFT-512, PTX products (CUDA)", g1_512_ptx, bls_requires_cuda, "bench.g1_fft512"),
    };
#undef CHAIN_BENCH
#undef FFT_BENCH
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) gc_test_register(&benches[i]);
}
