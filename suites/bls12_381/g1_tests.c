/* SPDX-License-Identifier: Apache-2.0 */
/* g1_tests.c — G1 on the device: addition, doubling, mixed addition and negation against
 * the host build (edge cases included: infinity, P = Q, P = -Q), scalar multiplication
 * against py_ecc's known answers and the host, scalar multiplication against repeated
 * addition, decompression of valid and invalid encodings (py_ecc's vectors), and the
 * on-curve and subgroup checks. */
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

#define SRC "suites/bls12_381/g1_kernels.gc"
#define N_G1_OPS 5 /* g1.gc: GC_BLS_N_G1_OPS */

static int ptx_of(gc_test_ctx *ctx) {
    const bls_variant *v = gc_ctx_test(ctx)->param;
    return v && v->ptx;
}

static gc_status read_back(gc_test_ctx *ctx, gc_buffer *b, size_t bytes, void **out) {
    return bls_read(ctx, b, bytes, out);
}

/* Affine, then compressed: what the known answers are written in. */
static void compress_all(unsigned char *out, const gc_g1p *p, size_t n) {
    gc_g1a a;
    for (size_t i = 0; i < n; i++) {
        gc_g1p_to_affine(&a, &p[i]);
        gc_g1a_compress(out + 48 * i, &a);
    }
}

/* ---- add, dbl, mixed add, neg ---- */
static gc_status ops_run(gc_test_ctx *ctx) {
    size_t n = bls_scaled(ctx, 512, 64, 64);
    gc_g1p *p = gc_ctx_malloc(ctx, n * sizeof(gc_g1p)), *q = gc_ctx_malloc(ctx, n * sizeof(gc_g1p));
    gc_g1a *qa = gc_ctx_malloc(ctx, n * sizeof(gc_g1a));
    gc_g1p *want = gc_ctx_malloc(ctx, n * N_G1_OPS * sizeof(gc_g1p));
    if (!p || !q || !qa || !want) return GC_ERR_NO_MEMORY;
    bls_random_points(ctx, p, n);
    bls_random_points(ctx, q, n);
    /* edge pairs: O + O, O + Q, P + O, P + P, P + (-P), P + P rescaled */
    gc_g1p_inf(&p[0]), gc_g1p_inf(&q[0]);
    gc_g1p_inf(&p[2]);
    gc_g1p_inf(&q[3]);
    q[4] = p[4];
    gc_g1p_neg(&q[5], &p[5]);
    q[6] = p[6], bls_rescale(ctx, &q[6]);
    gc_g1p_batch_to_affine(qa, q, n);
    for (size_t i = 0; i < n; i++) {
        gc_g1p *o = want + i * N_G1_OPS;
        gc_g1p_add(&o[0], &p[i], &q[i]);
        gc_g1p_dbl(&o[1], &p[i]);
        gc_g1p_add_affine(&o[2], &p[i], &qa[i]);
        gc_g1p_neg(&o[3], &p[i]);
        gc_g1p_add(&o[4], &p[i], &p[i]);
    }
    gc_buffer *dp, *dq, *dqa, *out;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1p), p, &dp)) ||
        (st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1p), q, &dq)) ||
        (st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1a), qa, &dqa)) ||
        (st = gc_ctx_alloc_output(ctx, n * N_G1_OPS * sizeof(gc_g1p), &out)) ||
        (st = bls_kernel(ctx, SRC, "g1_ops", NULL, ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(dp), GC_ARG_BUF(dq), GC_ARG_BUF(dqa), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 5, NULL))) return st;
    gc_g1p *got;
    if ((st = read_back(ctx, out, n * N_G1_OPS * sizeof(gc_g1p), (void **)&got))) return st;
    gc_check_custom(ctx, "P+Q, 2P, P+Q(affine), -P, P+P vs host build", want, got, n * N_G1_OPS, sizeof(gc_g1p),
                    bls_eq_g1p, NULL);
    /* the results are the same points whichever formula made them */
    unsigned char *c_sum = gc_ctx_malloc(ctx, 48 * n), *c_mixed = gc_ctx_malloc(ctx, 48 * n);
    unsigned char *c_dbl = gc_ctx_malloc(ctx, 48 * n), *c_addself = gc_ctx_malloc(ctx, 48 * n);
    gc_g1p *tmp = gc_ctx_malloc(ctx, n * sizeof(gc_g1p));
    if (!c_sum || !c_mixed || !c_dbl || !c_addself || !tmp) return GC_ERR_NO_MEMORY;
    for (int op = 0; op < 4; op++) {
        int src = op == 0 ? 0 : op == 1 ? 2 : op == 2 ? 1 : 4;
        for (size_t i = 0; i < n; i++) tmp[i] = got[i * N_G1_OPS + (size_t)src];
        compress_all(op == 0 ? c_sum : op == 1 ? c_mixed : op == 2 ? c_dbl : c_addself, tmp, n);
    }
    gc_check_custom(ctx, "device P+Q = device P+Q(affine), as points", c_sum, c_mixed, n, 48, NULL, NULL);
    gc_check_custom(ctx, "device 2P = device P+P, as points", c_dbl, c_addself, n, 48, NULL, NULL);
    return GC_OK;
}

/* ---- scalar multiplication: py_ecc known answers, then random vs host ---- */
static gc_status mul_run(gc_test_ctx *ctx) {
    size_t nk = gc_bls_g1_mul_vector_count, nr = bls_scaled(ctx, 64, 32, 32), n = nk + nr;
    gc_g1p *p = gc_ctx_malloc(ctx, n * sizeof(gc_g1p)), *want = gc_ctx_malloc(ctx, nr * sizeof(gc_g1p));
    gc_fr *k = gc_ctx_malloc(ctx, n * sizeof(gc_fr));
    unsigned char *kat = gc_ctx_malloc(ctx, nk * 48), *got_c = gc_ctx_malloc(ctx, nk * 48);
    if (!p || !want || !k || !kat || !got_c) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < nk; i++) {
        const gc_bls_g1_mul_vec *v = &gc_bls_g1_mul_vectors[i];
        unsigned char kb[32];
        if (!gc_bls_g1p_from_hex(&p[i], v->base) || !gc_bls_hex_decode(kb, 32, v->scalar) ||
            !gc_fr_from_bytes(&k[i], kb) || !gc_bls_hex_decode(kat + 48 * i, 48, v->result)) {
            gc_ctx_error(ctx, "known answer %zu does not decode", i);
            return GC_ERR_PARSE;
        }
        bls_rescale(ctx, &p[i]);
    }
    bls_random_points(ctx, p + nk, nr);
    for (size_t i = 0; i < nr; i++) {
        k[nk + i] = bls_random_scalar(ctx);
        gc_g1p_mul(&want[i], &p[nk + i], &k[nk + i]);
    }
    gc_buffer *dp, *dk, *out;
    gc_kernel *kern;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1p), p, &dp)) ||
        (st = gc_ctx_alloc_input(ctx, n * sizeof(gc_fr), k, &dk)) ||
        (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1p), &out)) ||
        (st = bls_kernel(ctx, SRC, "g1_mul", NULL, ptx_of(ctx), &kern)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(dp), GC_ARG_BUF(dk), GC_ARG_VAL(n32)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(kern, &r, args, 4, NULL))) return st;
    gc_g1p *got;
    if ((st = read_back(ctx, out, n * sizeof(gc_g1p), (void **)&got))) return st;
    compress_all(got_c, got, nk);
    gc_check_custom(ctx, "k P vs py_ecc known answers (compressed)", kat, got_c, nk, 48, NULL, NULL);
    gc_check_custom(ctx, "k P (random) vs host build", want, got + nk, nr, sizeof(gc_g1p), bls_eq_g1p, NULL);
    return GC_OK;
}

/* ---- k P = P + ... + P ---- */
static gc_status mul_vs_add_run(gc_test_ctx *ctx) {
    size_t n = bls_scaled(ctx, 128, 64, 64);
    gc_g1p *p = gc_ctx_malloc(ctx, n * sizeof(gc_g1p));
    gc_g1a *pa = gc_ctx_malloc(ctx, n * sizeof(gc_g1a));
    if (!p || !pa) return GC_ERR_NO_MEMORY;
    bls_random_points(ctx, p, n);
    gc_g1p_batch_to_affine(pa, p, n);
    gc_buffer *dp, *dpa, *lhs, *rhs;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1p), p, &dp)) ||
        (st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1a), pa, &dpa)) ||
        (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1p), &lhs)) ||
        (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1p), &rhs)) ||
        (st = bls_kernel(ctx, SRC, "g1_mul_vs_add", NULL, ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(lhs), GC_ARG_BUF(rhs), GC_ARG_BUF(dp), GC_ARG_BUF(dpa), GC_ARG_VAL(n32)};
    gc_range r = {1, {n, 1, 1}, {64, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 5, NULL))) return st;
    void *l, *rr;
    if ((st = read_back(ctx, lhs, n * sizeof(gc_g1p), &l)) || (st = read_back(ctx, rhs, n * sizeof(gc_g1p), &rr)))
        return st;
    gc_check_custom(ctx, "k P (double-and-add) = P + ... + P (k mixed additions), k = i mod 64", l, rr, n,
                    sizeof(gc_g1p), bls_eq_g1p, NULL);
    return GC_OK;
}

/* ---- decompression: valid and invalid encodings ---- */
static gc_status decompress_run(gc_test_ctx *ctx) {
    size_t nv = gc_bls_g1_mul_vector_count + gc_bls_g1_add_vector_count, ni = gc_bls_g1_invalid_vector_count;
    size_t n = nv + ni;
    unsigned char *enc = gc_ctx_malloc(ctx, n * 48), *want_reenc = gc_ctx_malloc(ctx, n * 48);
    uint32_t *want_err = gc_ctx_malloc(ctx, n * 4), *host_err = gc_ctx_malloc(ctx, n * 4);
    gc_g1a *want_pt = gc_ctx_malloc(ctx, n * sizeof(gc_g1a));
    if (!enc || !want_reenc || !want_err || !host_err || !want_pt) return GC_ERR_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        const char *hex;
        if (i < gc_bls_g1_mul_vector_count) hex = gc_bls_g1_mul_vectors[i].result;
        else if (i < nv) hex = gc_bls_g1_add_vectors[i - gc_bls_g1_mul_vector_count].sum;
        else hex = gc_bls_g1_invalid_vectors[i - nv].encoding;
        want_err[i] = i < nv ? GC_G1_OK : (uint32_t)gc_bls_g1_invalid_vectors[i - nv].error;
        if (!gc_bls_hex_decode(enc + 48 * i, 48, hex)) {
            gc_ctx_error(ctx, "known answer %zu does not decode", i);
            return GC_ERR_PARSE;
        }
        host_err[i] = (uint32_t)gc_g1a_decompress(&want_pt[i], enc + 48 * i, 1);
        gc_g1a_compress(want_reenc + 48 * i, &want_pt[i]);
    }
    gc_buffer *denc, *out, *err, *reenc;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * 48, enc, &denc)) ||
        (st = gc_ctx_alloc_output(ctx, n * sizeof(gc_g1a), &out)) || (st = gc_ctx_alloc_output(ctx, n * 4, &err)) ||
        (st = gc_ctx_alloc_output(ctx, n * 48, &reenc)) ||
        (st = bls_kernel(ctx, SRC, "g1_decompress", NULL, ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(out), GC_ARG_BUF(err), GC_ARG_BUF(reenc), GC_ARG_BUF(denc), GC_ARG_VAL(n32)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 5, NULL))) return st;
    uint32_t *g_err;
    void *g_pt, *g_reenc;
    if ((st = read_back(ctx, err, n * 4, (void **)&g_err)) || (st = read_back(ctx, out, n * sizeof(gc_g1a), &g_pt)) ||
        (st = read_back(ctx, reenc, n * 48, &g_reenc)))
        return st;
    gc_check_u32(ctx, "error codes vs py_ecc-labelled vectors (ok, flags, x range, off curve, subgroup)", want_err,
                 g_err, n);
    gc_check_u32(ctx, "error codes vs host build", host_err, g_err, n);
    gc_check_custom(ctx, "decoded points vs host build", want_pt, g_pt, n, sizeof(gc_g1a), NULL, NULL);
    /* a valid encoding re-encodes to itself */
    gc_check_custom(ctx, "valid encodings round trip", enc, g_reenc, nv, 48, NULL, NULL);
    return GC_OK;
}

/* ---- on-curve and subgroup checks ---- */
static gc_status validate_run(gc_test_ctx *ctx) {
    /* valid points, curve points outside G1 (py_ecc's), and points moved off the curve */
    size_t nvalid = 16, nsub = 0, noff = 16;
    for (size_t i = 0; i < gc_bls_g1_invalid_vector_count; i++)
        nsub += gc_bls_g1_invalid_vectors[i].error == GC_G1_ERR_NOT_IN_SUBGROUP;
    size_t n = nvalid + nsub + noff;
    gc_g1p *p = gc_ctx_malloc(ctx, n * sizeof(gc_g1p));
    uint32_t *want = gc_ctx_malloc(ctx, 2 * n * 4);
    if (!p || !want) return GC_ERR_NO_MEMORY;
    bls_random_points(ctx, p, nvalid);
    for (size_t i = 0; i < nvalid; i++) want[2 * i] = 1, want[2 * i + 1] = 1;
    size_t at = nvalid;
    for (size_t i = 0; i < gc_bls_g1_invalid_vector_count; i++) {
        if (gc_bls_g1_invalid_vectors[i].error != GC_G1_ERR_NOT_IN_SUBGROUP) continue;
        unsigned char e[48];
        gc_g1a a;
        gc_bls_hex_decode(e, 48, gc_bls_g1_invalid_vectors[i].encoding);
        if (gc_g1a_decompress(&a, e, 0) != GC_G1_OK) {
            gc_ctx_error(ctx, "non-subgroup vector %zu does not decode", i);
            return GC_ERR_PARSE;
        }
        gc_g1p_from_affine(&p[at], &a);
        bls_rescale(ctx, &p[at]);
        want[2 * at] = 1, want[2 * at + 1] = 0;
        at++;
    }
    bls_random_points(ctx, p + at, noff);
    for (size_t i = 0; i < noff; i++, at++) {
        gc_fp one;
        gc_fp_one(&one);
        if (i == 0) { /* (0:0:0) is no point */
            memset(&p[at], 0, sizeof p[at]);
        } else {
            if (gc_g1p_is_inf(&p[at])) gc_g1p_generator(&p[at]);
            gc_fp_add(&p[at].x, &p[at].x, &one);
        }
        want[2 * at] = 0;
        /* off the curve the subgroup test means nothing; expect what the host build says */
        want[2 * at + 1] = (uint32_t)gc_g1p_in_subgroup(&p[at]);
    }
    gc_buffer *dp, *flags;
    gc_kernel *k;
    gc_status st;
    if ((st = gc_ctx_alloc_input(ctx, n * sizeof(gc_g1p), p, &dp)) || (st = gc_ctx_alloc_output(ctx, 2 * n * 4, &flags)) ||
        (st = bls_kernel(ctx, SRC, "g1_validate", NULL, ptx_of(ctx), &k)))
        return st;
    uint32_t n32 = (uint32_t)n;
    gc_arg args[] = {GC_ARG_BUF(flags), GC_ARG_BUF(dp), GC_ARG_VAL(n32)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if ((st = gc_kernel_launch(k, &r, args, 3, NULL))) return st;
    uint32_t *got;
    if ((st = read_back(ctx, flags, 2 * n * 4, (void **)&got))) return st;
    gc_check_u32(ctx, "(on curve, in subgroup) for valid, non-subgroup and off-curve points", want, got, 2 * n);
    return GC_OK;
}

void bls_register_g1_tests(void) {
    static const gc_test tests[] = {
        {.suite = "bls12_381", .name = "g1.ops", .tags = "bls12_381,g1",
         .description = "G1 add, dbl, mixed add, neg (edge cases included) vs host build", .budget_s = 120,
         .min_checks = 64, .param = &bls_portable, .run = ops_run},
        {.suite = "bls12_381", .name = "g1.mul", .tags = "bls12_381,g1",
         .description = "G1 scalar multiplication vs py_ecc known answers and host build", .budget_s = 120,
         .min_checks = 32, .param = &bls_portable, .run = mul_run},
        {.suite = "bls12_381", .name = "g1.mul_vs_add", .tags = "bls12_381,g1",
         .description = "G1 k P by double-and-add = k repeated additions", .budget_s = 120, .min_checks = 64,
         .param = &bls_portable, .run = mul_vs_add_run},
        {.suite = "bls12_381", .name = "g1.decompress", .tags = "bls12_381,g1",
         .description = "G1 decompression of valid and invalid encodings (py_ecc), re-compression",
         .budget_s = 120, .min_checks = 32, .param = &bls_portable, .run = decompress_run},
        {.suite = "bls12_381", .name = "g1.validate", .tags = "bls12_381,g1",
         .description = "G1 on-curve and subgroup checks on valid, non-subgroup and off-curve points",
         .budget_s = 120, .min_checks = 32, .param = &bls_portable, .run = validate_run},
        {.suite = "bls12_381", .name = "g1.ops_ptx", .tags = "bls12_381,g1",
         .description = "G1 add, dbl, mixed add, neg with the PTX product vs host build", .budget_s = 120,
         .min_checks = 64, .param = &bls_ptx, .requires = bls_requires_cuda, .run = ops_run},
        {.suite = "bls12_381", .name = "g1.mul_ptx", .tags = "bls12_381,g1",
         .description = "G1 scalar multiplication with the PTX product vs py_ecc and host build",
         .budget_s = 120, .min_checks = 32, .param = &bls_ptx, .requires = bls_requires_cuda, .run = mul_run},
        {.suite = "bls12_381", .name = "g1.decompress_ptx", .tags = "bls12_381,g1",
         .description = "G1 decompression with the PTX product (py_ecc vectors)", .budget_s = 120,
         .min_checks = 32, .param = &bls_ptx, .requires = bls_requires_cuda, .run = decompress_run},
    };
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) gc_test_register(&tests[i]);
}
