/* SPDX-License-Identifier: Apache-2.0 */
/* fft_tests.c — batched FFTs on the device: Fr for every size 2..8192 and G1 for 2..512.
 * Each size: the forward transform against the host build (crypto/bls12_381/fft.gc run
 * serially), its sampled outputs against the known answers (a naive DFT over Python
 * integers; G1 through py_ecc), the full transform against a naive DFT at small sizes
 * (Fr), and the device's inverse of the device's forward output against the input. */
#include <stdio.h>
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

#define SRC "suites/bls12_381/fft_kernels.gc"

typedef struct {
    int g1;                       /* 0: Fr, 1: G1 */
    unsigned log_min, log_max;
    size_t rows;                  /* transforms per launch (row 0 holds the known-answer input) */
    int ptx;                      /* GC_BLS_PTX=1 */
} fft_param;

static size_t group_size(unsigned log_n) { return (size_t)1 << (log_n - 1 < 8 ? log_n - 1 : 8); }

/* Twiddles (forward and inverse) and n^-1 on the device. */
static gc_status upload_twiddles(gc_test_ctx *ctx, unsigned log_n, gc_buffer **tw, gc_buffer **itw,
                                 gc_buffer **scale) {
    size_t half = (size_t)1 << (log_n - 1);
    gc_fr *t = gc_ctx_malloc(ctx, half * sizeof(gc_fr)), *it = gc_ctx_malloc(ctx, half * sizeof(gc_fr)), s;
    if (!t || !it) return GC_ERR_NO_MEMORY;
    gc_fr_fft_twiddles(t, log_n, 0);
    gc_fr_fft_twiddles(it, log_n, 1);
    gc_fr_fft_inv_n(&s, log_n);
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, half * sizeof(gc_fr), t, tw)) ||
        (st = gc_ctx_alloc_input(ctx, half * sizeof(gc_fr), it, itw)) ||
        (st = gc_ctx_alloc_input(ctx, sizeof(gc_fr), &s, scale)))
        return st;
    return GC_OK;
}

static gc_status launch_fft(gc_kernel *k, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, unsigned log_n,
                            size_t rows, uint32_t inverse) {
    uint32_t l32 = log_n;
    gc_arg args[] = {GC_ARG_BUF(data), GC_ARG_BUF(tw), GC_ARG_BUF(scale), GC_ARG_VAL(l32), GC_ARG_VAL(inverse)};
    size_t gs = group_size(log_n);
    gc_range r = {1, {rows * gs, 1, 1}, {gs, 1, 1}, 0};
    return gc_kernel_launch(k, &r, args, 5, NULL);
}

static gc_status fr_fft_size(gc_test_ctx *ctx, gc_kernel *k, unsigned log_n, size_t rows) {
    size_t n = (size_t)1 << log_n, bytes = rows * n * sizeof(gc_fr);
    gc_fr *in = gc_ctx_malloc(ctx, bytes), *want = gc_ctx_malloc(ctx, bytes), *tw = gc_ctx_malloc(ctx, n / 2 * sizeof(gc_fr));
    if (!in || !want || !tw) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) gc_bls_fft_input(&in[i], (uint32_t)i);
    bls_random_elements(ctx, &bls_fr, in[n].l, (rows - 1) * n, 0);
    memcpy(want, in, bytes);
    gc_fr_fft_twiddles(tw, log_n, 0);
    for (size_t row = 0; row < rows; row++) gc_fr_fft_serial(want + row * n, tw, log_n, 0);
    gc_buffer *data, *dtw, *ditw, *scale;
    gc_status st;
    if ((st = upload_twiddles(ctx, log_n, &dtw, &ditw, &scale)) || (st = gc_ctx_alloc_input(ctx, bytes, in, &data)) ||
        (st = launch_fft(k, data, dtw, scale, log_n, rows, 0)))
        return st;
    gc_fr *got;
    if ((st = bls_read(ctx, data, bytes, (void **)&got))) return st;
    char label[96];
    snprintf(label, sizeof label, "Fr FFT-%zu x %zu rows vs host build", n, rows);
    gc_check_custom(ctx, label, want, got, rows * n, sizeof(gc_fr), bls_eq_fr, NULL);
    /* sampled known answers of row 0 */
    size_t nk = 0;
    gc_fr *kat = gc_ctx_malloc(ctx, 64 * sizeof(gc_fr)), *kgot = gc_ctx_malloc(ctx, 64 * sizeof(gc_fr));
    if (!kat || !kgot) return GC_ERR_NO_MEMORY;
    for (size_t v = 0; v < gc_bls_fr_fft_vector_count && nk < 64; v++) {
        const gc_bls_fft_vec *kv = &gc_bls_fr_fft_vectors[v];
        unsigned char be[32];
        if (kv->log_n != log_n || kv->k >= n) continue;
        if (!gc_bls_hex_decode(be, 32, kv->out) || !gc_fr_from_bytes(&kat[nk], be)) return GC_ERR_PARSE;
        kgot[nk++] = got[kv->k];
    }
    snprintf(label, sizeof label, "Fr FFT-%zu sampled outputs vs known answers (naive DFT, Python)", n);
    gc_check_custom(ctx, label, kat, kgot, nk, sizeof(gc_fr), bls_eq_fr, NULL);
    if (log_n <= 5) {
        gc_fr_dft_naive(want, in, log_n, 0);
        snprintf(label, sizeof label, "Fr FFT-%zu vs naive DFT", n);
        gc_check_custom(ctx, label, want, got, n, sizeof(gc_fr), bls_eq_fr, NULL);
    }
    /* the device's inverse of the device's output (in place: an element the kernel skips
     * keeps its forward value, which the comparison sees) */
    gc_buffer *back;
    if ((st = gc_ctx_alloc_input(ctx, bytes, got, &back)) || (st = launch_fft(k, back, ditw, scale, log_n, rows, 1)))
        return st;
    gc_fr *round;
    if ((st = bls_read(ctx, back, bytes, (void **)&round))) return st;
    snprintf(label, sizeof label, "Fr IFFT(FFT(x)) = x, size %zu", n);
    gc_check_custom(ctx, label, in, round, rows * n, sizeof(gc_fr), bls_eq_fr, NULL);
    return GC_OK;
}

static gc_status g1_fft_size(gc_test_ctx *ctx, gc_kernel *k, unsigned log_n, const gc_g1p *inputs) {
    size_t n = (size_t)1 << log_n, bytes = n * sizeof(gc_g1p);
    gc_g1p *want = gc_ctx_malloc(ctx, bytes);
    gc_fr *tw = gc_ctx_malloc(ctx, n / 2 * sizeof(gc_fr));
    if (!want || !tw) return GC_ERR_NO_MEMORY;
    memcpy(want, inputs, bytes);
    gc_fr_fft_twiddles(tw, log_n, 0);
    gc_g1_fft_serial(want, tw, log_n, 0);
    gc_buffer *data, *dtw, *ditw, *scale;
    gc_status st;
    if ((st = upload_twiddles(ctx, log_n, &dtw, &ditw, &scale)) ||
        (st = gc_ctx_alloc_input(ctx, bytes, inputs, &data)) || (st = launch_fft(k, data, dtw, scale, log_n, 1, 0)))
        return st;
    gc_g1p *got;
    if ((st = bls_read(ctx, data, bytes, (void **)&got))) return st;
    char label[96];
    snprintf(label, sizeof label, "G1 FFT-%zu vs host build", n);
    gc_check_custom(ctx, label, want, got, n, sizeof(gc_g1p), bls_eq_g1p, NULL);
    size_t nk = 0;
    unsigned char *kat = gc_ctx_malloc(ctx, 64 * 48), *kgot = gc_ctx_malloc(ctx, 64 * 48);
    if (!kat || !kgot) return GC_ERR_NO_MEMORY;
    for (size_t v = 0; v < gc_bls_g1_fft_vector_count && nk < 64; v++) {
        const gc_bls_fft_vec *kv = &gc_bls_g1_fft_vectors[v];
        if (kv->log_n != log_n || kv->k >= n) continue;
        gc_g1a a;
        if (!gc_bls_hex_decode(kat + 48 * nk, 48, kv->out)) return GC_ERR_PARSE;
        gc_g1p_to_affine(&a, &got[kv->k]);
        gc_g1a_compress(kgot + 48 * nk, &a);
        nk++;
    }
    if (nk) {
        snprintf(label, sizeof label, "G1 FFT-%zu sampled outputs vs py_ecc known answers", n);
        gc_check_custom(ctx, label, kat, kgot, nk, 48, NULL, NULL);
    }
    gc_buffer *back;
    if ((st = gc_ctx_alloc_input(ctx, bytes, got, &back)) || (st = launch_fft(k, back, ditw, scale, log_n, 1, 1)))
        return st;
    gc_g1p *round;
    if ((st = bls_read(ctx, back, bytes, (void **)&round))) return st;
    /* the inverse ends in different projective coordinates: compare compressed points */
    unsigned char *c_in = gc_ctx_malloc(ctx, n * 48), *c_round = gc_ctx_malloc(ctx, n * 48);
    gc_g1a *aff = gc_ctx_malloc(ctx, n * sizeof(gc_g1a));
    if (!c_in || !c_round || !aff) return GC_ERR_NO_MEMORY;
    gc_g1p_batch_to_affine(aff, inputs, n);
    for (size_t i = 0; i < n; i++) gc_g1a_compress(c_in + 48 * i, &aff[i]);
    gc_g1p_batch_to_affine(aff, round, n);
    for (size_t i = 0; i < n; i++) gc_g1a_compress(c_round + 48 * i, &aff[i]);
    snprintf(label, sizeof label, "G1 IFFT(FFT(x)) = x, size %zu", n);
    gc_check_custom(ctx, label, c_in, c_round, n, 48, NULL, NULL);
    return GC_OK;
}

static gc_status fft_run(gc_test_ctx *ctx) {
    const fft_param *p = gc_ctx_test(ctx)->param;
    gc_kernel *k;
    gc_status st;
    if ((st = bls_kernel(ctx, SRC, p->g1 ? "g1_fft" : "fr_fft", NULL, p->ptx, &k))) return st;
    gc_g1p *inputs = NULL;
    if (p->g1) { /* [fft_input(j)] G, the known answers' inputs */
        size_t n = (size_t)1 << p->log_max;
        inputs = gc_ctx_malloc(ctx, n * sizeof(gc_g1p));
        if (!inputs) return GC_ERR_NO_MEMORY;
        gc_g1p g;
        gc_g1p_generator(&g);
        for (size_t j = 0; j < n; j++) {
            gc_fr s;
            gc_bls_fft_input(&s, (uint32_t)j);
            gc_g1p_mul(&inputs[j], &g, &s);
        }
    }
    for (unsigned log_n = p->log_min; log_n <= p->log_max; log_n++) {
        st = p->g1 ? g1_fft_size(ctx, k, log_n, inputs) : fr_fft_size(ctx, k, log_n, p->rows);
        if (st) return st;
    }
    return GC_OK;
}

void bls_register_fft_tests(void) {
    static const fft_param fr_all = {0, 1, GC_FFT_MAX_LOG_FR, 3, 0};
    static const fft_param g1_small = {1, 1, 7, 1, 0};
    static const fft_param g1_512 = {1, 9, 9, 1, 0};
    static const fft_param fr_all_ptx = {0, 1, GC_FFT_MAX_LOG_FR, 3, 1};
    static const fft_param g1_512_ptx = {1, 9, 9, 1, 1};
    static const gc_test tests[] = {
        {.suite = "bls12_381", .name = "fr.fft", .tags = "bls12_381,fft",
         .description = "Fr FFT sizes 2..8192 (3 rows each) vs host, known answers, naive DFT; IFFT(FFT(x)) = x",
         .budget_s = 120, .min_checks = 64, .param = &fr_all, .run = fft_run},
        {.suite = "bls12_381", .name = "g1.fft", .tags = "bls12_381,fft,g1",
         .description = "G1 FFT sizes 2..128 vs host and py_ecc known answers; IFFT(FFT(x)) = x",
         .budget_s = 180, .min_checks = 64, .param = &g1_small, .run = fft_run},
        {.suite = "bls12_381", .name = "g1.fft512", .tags = "bls12_381,fft,g1",
         .description = "G1 FFT-512 vs host and py_ecc known answers; IFFT(FFT(x)) = x", .budget_s = 300,
         .min_checks = 64, .param = &g1_512, .run = fft_run},
        {.suite = "bls12_381", .name = "fr.fft_ptx", .tags = "bls12_381,fft",
         .description = "Fr FFT sizes 2..8192 with the PTX product vs host, known answers; IFFT(FFT(x)) = x",
         .budget_s = 120, .min_checks = 64, .param = &fr_all_ptx, .requires = bls_requires_cuda, .run = fft_run},
        {.suite = "bls12_381", .name = "g1.fft512_ptx", .tags = "bls12_381,fft,g1",
         .description = "G1 FFT-512 with the PTX product vs host and py_ecc known answers; IFFT(FFT(x)) = x",
         .budget_s = 300, .min_checks = 64, .param = &g1_512_ptx, .requires = bls_requires_cuda, .run = fft_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
