/* SPDX-License-Identifier: Apache-2.0 */
/* bls_common.c — shared pieces of the bls12_381 suite (see bls_suite.h). */
#include <stdio.h>
#include <string.h>

#include "suites/bls12_381/bls_suite.h"

/* ---- the fields through limb arrays (host build of crypto/bls12_381) ---- */
#define BLS_FIELD_HOST(F)                                                                       \
    static void F##_ops_host(uint32_t *out, const uint32_t *a, const uint32_t *b) {             \
        F x, y, r[BLS_N_OPS];                                                                   \
        memcpy(&x, a, sizeof x);                                                                \
        memcpy(&y, b, sizeof y);                                                                \
        F##_add(&r[0], &x, &y);                                                                 \
        F##_sub(&r[1], &x, &y);                                                                 \
        F##_mul(&r[2], &x, &y);                                                                 \
        F##_sqr(&r[3], &x);                                                                     \
        F##_neg(&r[4], &x);                                                                     \
        F##_dbl(&r[5], &x);                                                                     \
        F##_mul_small(&r[6], &x, 12u);                                                          \
        F##_inv(&r[7], &x);                                                                     \
        F##_mul_add(&r[8], &x, &y, &y, &y);                                                     \
        memcpy(out, r, sizeof r);                                                               \
    }                                                                                           \
    static void F##_fib_host(uint32_t *out2, const uint32_t *in2, uint32_t steps) {             \
        F x, y, p, q, t;                                                                        \
        memcpy(&x, in2, sizeof x);                                                              \
        memcpy(&y, in2 + sizeof x / 4, sizeof y);                                               \
        p = x;                                                                                  \
        q = y;                                                                                  \
        for (uint32_t s = 0; s < steps; s++) {                                                  \
            F##_add(&t, &x, &y);                                                                \
            x = y;                                                                              \
            y = t;                                                                              \
            F##_mul(&t, &p, &q);                                                                \
            p = q;                                                                              \
            q = t;                                                                              \
        }                                                                                       \
        memcpy(out2, &y, sizeof y);                                                             \
        memcpy(out2 + sizeof y / 4, &q, sizeof q);                                              \
    }                                                                                           \
    static int F##_from_bytes_host(uint32_t *r, const unsigned char *be) {                      \
        F x;                                                                                    \
        int ok = F##_from_bytes(&x, be);                                                        \
        memcpy(r, &x, sizeof x);                                                                \
        return ok;                                                                              \
    }                                                                                           \
    static void F##_to_bytes_host(unsigned char *be, const uint32_t *a) {                       \
        F x;                                                                                    \
        memcpy(&x, a, sizeof x);                                                                \
        F##_to_bytes(be, &x);                                                                   \
    }                                                                                           \
    static int F##_is_canonical_host(const uint32_t *a) {                                       \
        F x;                                                                                    \
        memcpy(&x, a, sizeof x);                                                                \
        return F##_is_canonical(&x);                                                            \
    }

BLS_FIELD_HOST(gc_fp)
BLS_FIELD_HOST(gc_fr)

const bls_field bls_fp = {
    "fp", GC_FP_LIMBS, GC_FP_BYTES,
    "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab",
    gc_fp_mod, 0, 0, gc_fp_ops_host, gc_fp_fib_host, gc_fp_from_bytes_host, gc_fp_to_bytes_host,
    gc_fp_is_canonical_host};
const bls_field bls_fr = {
    "fr", GC_FR_LIMBS, GC_FR_BYTES, "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
    gc_fr_mod, 0, 0, gc_fr_ops_host, gc_fr_fib_host, gc_fr_from_bytes_host, gc_fr_to_bytes_host,
    gc_fr_is_canonical_host};

/* ---- inputs ---- */
static int less_than_modulus(const bls_field *f, const uint32_t *a) { return f->is_canonical(a); }

/* r = m - v 2^(32 limb), with borrows (m > v 2^(32 limb) for the uses here). */
static void sub_small(uint32_t *r, const uint32_t *m, size_t limb, uint32_t v, size_t n) {
    uint64_t borrow = 0;
    for (size_t k = 0; k < n; k++) {
        uint64_t d = (uint64_t)m[k] - (k == limb ? v : 0) - borrow;
        r[k] = (uint32_t)d;
        borrow = d >> 63;
    }
}

void bls_random_elements(gc_test_ctx *ctx, const bls_field *f, uint32_t *out, size_t count, int with_edges) {
    size_t n = f->limbs, i = 0;
    if (n < 2 || n > GC_MP_MAX_LIMBS) return; /* not one of the two fields (and tells the optimizer n - 1 > 0) */
    uint32_t top_mask = 1;
    while (top_mask <= f->modulus[n - 1]) top_mask <<= 1;
    top_mask -= 1;
    if (with_edges) {
        /* Limb patterns that are all valid elements (< m) whatever their reading (the
         * Montgomery form of some value): 0, 1, 2, m-1, m-2, 2^32 - 1, 2^32,
         * 2^(32 (n-1)) - 1, m - 2^32, m - 2^(32 (n-1)). */
        uint32_t e[16][GC_MP_MAX_LIMBS];
        size_t ne = 0;
        memset(e, 0, sizeof e);
        ne++;                                  /* 0 */
        e[ne++][0] = 1;
        e[ne++][0] = 2;
        sub_small(e[ne++], f->modulus, 0, 1, n); /* m - 1 */
        sub_small(e[ne++], f->modulus, 0, 2, n); /* m - 2 */
        e[ne++][0] = 0xffffffffu;
        e[ne++][1] = 1;
        for (size_t k = 0; k + 1 < n && k < GC_MP_MAX_LIMBS; k++) e[ne][k] = 0xffffffffu;
        ne++;
        sub_small(e[ne++], f->modulus, 1, 1, n);     /* m - 2^32 */
        sub_small(e[ne++], f->modulus, n - 1, 1, n); /* m - 2^(32 (n-1)) */
        for (size_t k = 0; k < ne && i < count; k++, i++) memcpy(out + i * n, e[k], n * 4);
    }
    for (; i < count; i++) {
        uint32_t *x = out + i * n;
        int sparse = (gc_ctx_rand_u32(ctx) & 3) == 0;
        do {
            for (size_t k = 0; k < n; k++) {
                uint32_t v = gc_ctx_rand_u32(ctx);
                x[k] = sparse ? ((v & 1) ? 0xffffffffu : 0u) : v;
            }
            x[n - 1] &= top_mask;
        } while (!less_than_modulus(f, x));
    }
}

size_t bls_scaled(gc_test_ctx *ctx, size_t n, size_t lo, size_t multiple) {
    size_t v = (size_t)((double)n * gc_ctx_scale(ctx));
    if (v < lo) v = lo;
    return (v + multiple - 1) / multiple * multiple;
}

gc_status bls_read(gc_test_ctx *ctx, gc_buffer *b, size_t bytes, void **out) {
    *out = gc_ctx_malloc(ctx, bytes);
    if (!*out) return GC_ERR_NO_MEMORY;
    return gc_buffer_read(b, 0, *out, bytes);
}

gc_status bls_kernel(gc_test_ctx *ctx, const char *src, const char *name, const char *fault, int ptx, gc_kernel **k) {
    char fdef[64];
    const char *defs[2];
    size_t nd = 0;
    if (fault) {
        snprintf(fdef, sizeof fdef, "GC_FAULT=%s", fault);
        defs[nd++] = fdef;
    }
    defs[nd++] = ptx ? "GC_BLS_PTX=1" : "GC_BLS_PTX=0"; /* explicit: under CUDA the default is 1 */
    return gc_ctx_kernel(ctx, src, defs, nd, name, k);
}

const char *bls_requires_cuda(const gc_test *t, const gc_device_info *info) {
    (void)t;
    return info->backend == GC_BACKEND_CUDA ? NULL : "the PTX fast path (GC_BLS_PTX) is CUDA-only";
}

const bls_variant bls_portable = {0}, bls_ptx = {1};

/* ---- G1 inputs ---- */
gc_fr bls_random_scalar(gc_test_ctx *ctx) {
    gc_fr k;
    bls_random_elements(ctx, &bls_fr, k.l, 1, 0);
    return k;
}

/* The same point with its projective coordinates scaled by a random non-zero factor, so
 * that Z != 1 and every formula sees general inputs. */
void bls_rescale(gc_test_ctx *ctx, gc_g1p *p) {
    gc_fp l;
    do bls_random_elements(ctx, &bls_fp, l.l, 1, 0);
    while (gc_fp_is_zero(&l));
    gc_fp_mul(&p->x, &p->x, &l);
    gc_fp_mul(&p->y, &p->y, &l);
    gc_fp_mul(&p->z, &p->z, &l);
}

/* n points of G1: a random walk over sums of 8 random multiples of the generator (cheap
 * on the host), rescaled; the first few are special (infinity, the generator). */
void bls_random_points(gc_test_ctx *ctx, gc_g1p *out, size_t n) {
    gc_g1p g, table[8], acc;
    gc_g1p_generator(&g);
    for (int i = 0; i < 8; i++) {
        gc_fr k = bls_random_scalar(ctx);
        gc_g1p_mul(&table[i], &g, &k);
    }
    acc = table[0];
    for (size_t i = 0; i < n; i++) {
        gc_g1p_add(&acc, &acc, &table[gc_ctx_rand_u32(ctx) % 8]);
        out[i] = acc;
        bls_rescale(ctx, &out[i]);
    }
    if (n > 2) {
        gc_g1p_inf(&out[0]);
        out[1] = g;
    }
}

/* ---- comparisons ---- */
int bls_eq_fp(const void *expected, const void *got, size_t size) {
    gc_fp g;
    memcpy(&g, got, sizeof g);
    return size == sizeof g && gc_fp_is_canonical(&g) && memcmp(expected, got, size) == 0;
}

int bls_eq_fr(const void *expected, const void *got, size_t size) {
    gc_fr g;
    memcpy(&g, got, sizeof g);
    return size == sizeof g && gc_fr_is_canonical(&g) && memcmp(expected, got, size) == 0;
}

int bls_eq_g1p(const void *expected, const void *got, size_t size) {
    gc_g1p g;
    memcpy(&g, got, sizeof g);
    return size == sizeof g && gc_fp_is_canonical(&g.x) && gc_fp_is_canonical(&g.y) &&
           gc_fp_is_canonical(&g.z) && memcmp(expected, got, size) == 0;
}
