/* SPDX-License-Identifier: Apache-2.0 */
/* test_bls12_381_field.c — Fp and Fr (crypto/bls12_381/{fp,fr}.gc, host build) and the Fp2
 * product (fp2.gc) against GMP.
 *
 * Every operation is compared with GMP on edge values (0, 1, 2, m-1, m-2, (m+/-1)/2,
 * limb-boundary values) and random values (uniform, and "sparse" ones made of 0 and
 * 0xffffffff limbs that stress carries). Montgomery forms are computed with GMP
 * (a R mod m), never with the code under test.
 *
 * Built a second time per mutant with -DGC_FAULT=<a fault site of crypto/bls12_381/field.gc>
 * (tests/bls12_381.cmake): then the program must find at least one mismatch, and exits 0
 * only if it did ("mutant caught").
 * Exit codes: 0 pass (or mutant caught), 1 failures (or mutant survived), 77 skipped
 * (built without GMP). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(GC_HAVE_GMP)
int main(void) {
    printf("SKIP: built without GMP (libgmp-dev), no independent reference\n");
    return 77;
}
#else
#include <gmp.h>

#include "crypto/bls12_381/fp.gc"
#include "crypto/bls12_381/fp2.gc"
#include "crypto/bls12_381/fr.gc"

static unsigned long g_checks, g_failures;

/* splitmix64: reproducible without libc's rand */
static uint64_t g_rng = 0x5eed0b15ull;
static uint64_t rng_u64(void) {
    uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* A field seen through limb arrays, so one test body serves Fp and Fr. */
typedef struct {
    const char *name;
    int n;     /* limbs */
    int bytes; /* canonical encoding size */
    mpz_t m, R, Rinv;
    void (*add)(uint32_t *, const uint32_t *, const uint32_t *);
    void (*sub)(uint32_t *, const uint32_t *, const uint32_t *);
    void (*mul)(uint32_t *, const uint32_t *, const uint32_t *);
    void (*sqr)(uint32_t *, const uint32_t *);
    void (*neg)(uint32_t *, const uint32_t *);
    void (*dbl)(uint32_t *, const uint32_t *);
    void (*inv)(uint32_t *, const uint32_t *);
    void (*mul_small)(uint32_t *, const uint32_t *, uint32_t);
    void (*pow)(uint32_t *, const uint32_t *, const uint32_t *, int);
    void (*from_u32)(uint32_t *, uint32_t);
    void (*one)(uint32_t *);
    int (*is_zero)(const uint32_t *);
    int (*eq)(const uint32_t *, const uint32_t *);
    int (*from_bytes)(uint32_t *, const unsigned char *);
    void (*to_bytes)(unsigned char *, const uint32_t *);
    void (*mul_add)(uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *, const uint32_t *);
} field;

#define MAXL 12

#define WRAP_FIELD(F, T)                                                                        \
    static void F##_add_w(uint32_t *r, const uint32_t *a, const uint32_t *b) {                  \
        T x, y, z; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y);                             \
        F##_add(&z, &x, &y); memcpy(r, &z, sizeof z);                                            \
    }                                                                                           \
    static void F##_sub_w(uint32_t *r, const uint32_t *a, const uint32_t *b) {                  \
        T x, y, z; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y);                             \
        F##_sub(&z, &x, &y); memcpy(r, &z, sizeof z);                                            \
    }                                                                                           \
    static void F##_mul_w(uint32_t *r, const uint32_t *a, const uint32_t *b) {                  \
        T x, y, z; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y);                             \
        F##_mul(&z, &x, &y); memcpy(r, &z, sizeof z);                                            \
    }                                                                                           \
    static void F##_sqr_w(uint32_t *r, const uint32_t *a) {                                     \
        T x, z; memcpy(&x, a, sizeof x); F##_sqr(&z, &x); memcpy(r, &z, sizeof z);               \
    }                                                                                           \
    static void F##_neg_w(uint32_t *r, const uint32_t *a) {                                     \
        T x, z; memcpy(&x, a, sizeof x); F##_neg(&z, &x); memcpy(r, &z, sizeof z);               \
    }                                                                                           \
    static void F##_dbl_w(uint32_t *r, const uint32_t *a) {                                     \
        T x, z; memcpy(&x, a, sizeof x); F##_dbl(&z, &x); memcpy(r, &z, sizeof z);               \
    }                                                                                           \
    static void F##_inv_w(uint32_t *r, const uint32_t *a) {                                     \
        T x, z; memcpy(&x, a, sizeof x); F##_inv(&z, &x); memcpy(r, &z, sizeof z);               \
    }                                                                                           \
    static void F##_mul_small_w(uint32_t *r, const uint32_t *a, uint32_t k) {                   \
        T x, z; memcpy(&x, a, sizeof x); F##_mul_small(&z, &x, k); memcpy(r, &z, sizeof z);      \
    }                                                                                           \
    static void F##_pow_w(uint32_t *r, const uint32_t *a, const uint32_t *e, int n) {           \
        T x, z; memcpy(&x, a, sizeof x); F##_pow(&z, &x, e, n); memcpy(r, &z, sizeof z);         \
    }                                                                                           \
    static void F##_from_u32_w(uint32_t *r, uint32_t v) {                                       \
        T z; F##_from_u32(&z, v); memcpy(r, &z, sizeof z);                                       \
    }                                                                                           \
    static void F##_one_w(uint32_t *r) { T z; F##_one(&z); memcpy(r, &z, sizeof z); }           \
    static int F##_is_zero_w(const uint32_t *a) { T x; memcpy(&x, a, sizeof x); return F##_is_zero(&x); } \
    static int F##_eq_w(const uint32_t *a, const uint32_t *b) {                                 \
        T x, y; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y); return F##_eq(&x, &y);         \
    }                                                                                           \
    static int F##_from_bytes_w(uint32_t *r, const unsigned char *be) {                         \
        T z; int ok = F##_from_bytes(&z, be); memcpy(r, &z, sizeof z); return ok;                \
    }                                                                                           \
    static void F##_to_bytes_w(unsigned char *be, const uint32_t *a) {                          \
        T x; memcpy(&x, a, sizeof x); F##_to_bytes(be, &x);                                      \
    }                                                                                           \
    static void F##_mul_add_w(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c, \
                              const uint32_t *d) {                                              \
        T x, y, u, v, z; memcpy(&x, a, sizeof x); memcpy(&y, b, sizeof y); memcpy(&u, c, sizeof u); \
        memcpy(&v, d, sizeof v); F##_mul_add(&z, &x, &y, &u, &v); memcpy(r, &z, sizeof z);       \
    }

WRAP_FIELD(gc_fp, gc_fp)
WRAP_FIELD(gc_fr, gc_fr)

#define FIELD_OPS(F)                                                                            \
    F##_add_w, F##_sub_w, F##_mul_w, F##_sqr_w, F##_neg_w, F##_dbl_w, F##_inv_w,                \
        F##_mul_small_w, F##_pow_w, F##_from_u32_w, F##_one_w, F##_is_zero_w, F##_eq_w,          \
        F##_from_bytes_w, F##_to_bytes_w, F##_mul_add_w

static void limbs_to_mpz(mpz_t z, const uint32_t *l, int n) {
    mpz_import(z, (size_t)n, -1, sizeof(uint32_t), 0, 0, l);
}
static void mpz_to_limbs(uint32_t *l, const mpz_t z, int n) {
    memset(l, 0, sizeof(uint32_t) * (size_t)n);
    size_t count = 0;
    if (mpz_sizeinbase(z, 2) > (size_t)(32 * n)) abort(); /* a test bug, not a finding */
    mpz_export(l, &count, -1, sizeof(uint32_t), 0, 0, z);
}
/* x (an integer mod m) to the Montgomery limbs x R mod m, computed by GMP. */
static void to_mont_ref(const field *f, uint32_t *l, const mpz_t x) {
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, x, f->R);
    mpz_mod(t, t, f->m);
    mpz_to_limbs(l, t, f->n);
    mpz_clear(t);
}

static void fail(const field *f, const char *what, const mpz_t a, const mpz_t b, const uint32_t *got) {
    g_failures++;
    if (g_failures > 12) return;
    mpz_t g;
    mpz_init(g);
    limbs_to_mpz(g, got, f->n);
    gmp_printf("FAIL %s.%s a=%Zx b=%Zx got(mont limbs)=%Zx\n", f->name, what, a, b, g);
    mpz_clear(g);
}

/* got (Montgomery limbs) must equal want (integer mod m) exactly: also catches a result
 * that is correct mod m but not fully reduced. */
static void expect(const field *f, const char *what, const mpz_t a, const mpz_t b, const uint32_t *got,
                   const mpz_t want) {
    uint32_t w[MAXL];
    mpz_t r;
    mpz_init(r);
    mpz_mod(r, want, f->m);
    to_mont_ref(f, w, r);
    g_checks++;
    if (memcmp(w, got, sizeof(uint32_t) * (size_t)f->n) != 0) fail(f, what, a, b, got);
    mpz_clear(r);
}
static void expect_bool(const field *f, const char *what, const mpz_t a, int got, int want) {
    g_checks++;
    if (!!got != !!want) {
        g_failures++;
        if (g_failures <= 12) gmp_printf("FAIL %s.%s a=%Zx got %d want %d\n", f->name, what, a, got, want);
    }
}

/* Values every field op is tried on: edges of the range and of the limbs. */
static size_t edge_values(const field *f, mpz_t *out, size_t max) {
    size_t k = 0;
    mpz_t t;
    mpz_init(t);
#define PUSH(expr)                                                                              \
    do {                                                                                        \
        if (k < max) {                                                                          \
            mpz_init(out[k]);                                                                   \
            expr;                                                                               \
            mpz_mod(out[k], out[k], f->m);                                                      \
            k++;                                                                                \
        }                                                                                       \
    } while (0)
    PUSH(mpz_set_ui(out[k], 0));
    PUSH(mpz_set_ui(out[k], 1));
    PUSH(mpz_set_ui(out[k], 2));
    PUSH(mpz_sub_ui(out[k], f->m, 1));
    PUSH(mpz_sub_ui(out[k], f->m, 2));
    PUSH((mpz_sub_ui(out[k], f->m, 1), mpz_fdiv_q_2exp(out[k], out[k], 1)));
    PUSH((mpz_add_ui(out[k], f->m, 1), mpz_fdiv_q_2exp(out[k], out[k], 1)));
    PUSH(mpz_set(out[k], f->R));                       /* R mod m: Montgomery 1 */
    PUSH(mpz_set(out[k], f->Rinv));                    /* its Montgomery limbs are 1 */
    for (int b = 31; b < 32 * f->n; b += 32) {          /* limb boundaries 2^b, 2^b - 1 */
        PUSH(mpz_setbit((mpz_set_ui(out[k], 0), out[k]), (mp_bitcnt_t)b));
        PUSH((mpz_set_ui(out[k], 0), mpz_setbit(out[k], (mp_bitcnt_t)b + 1), mpz_sub_ui(out[k], out[k], 1)));
    }
#undef PUSH
    mpz_clear(t);
    return k;
}

/* Uniform in [0, m), or (one time in four) built of 0 / 0xffffffff limbs. */
static void random_value(const field *f, mpz_t out) {
    uint32_t l[MAXL];
    int sparse = (rng_u64() & 3) == 0;
    do {
        for (int i = 0; i < f->n; i++) {
            uint64_t v = rng_u64();
            l[i] = sparse ? ((v & 1) ? 0xffffffffu : 0u) : (uint32_t)v;
        }
        l[f->n - 1] &= (1u << (mpz_sizeinbase(f->m, 2) - 32 * (size_t)(f->n - 1))) - 1;
        limbs_to_mpz(out, l, f->n);
        if (sparse) mpz_mod(out, out, f->m);
    } while (mpz_cmp(out, f->m) >= 0);
}

static void check_binary(const field *f, const mpz_t a, const mpz_t b) {
    uint32_t la[MAXL], lb[MAXL], r[MAXL];
    mpz_t w;
    mpz_init(w);
    to_mont_ref(f, la, a);
    to_mont_ref(f, lb, b);
    f->add(r, la, lb);
    mpz_add(w, a, b);
    expect(f, "add", a, b, r, w);
    f->sub(r, la, lb);
    mpz_sub(w, a, b);
    expect(f, "sub", a, b, r, w);
    f->mul(r, la, lb);
    mpz_mul(w, a, b);
    expect(f, "mul", a, b, r, w);
    /* aliasing: r is one of the inputs */
    memcpy(r, la, sizeof la);
    f->mul(r, r, lb);
    expect(f, "mul_alias", a, b, r, w);
    /* a b + c d, with the largest operands among the edge values: a b + b b, a a + b a */
    mpz_t v;
    mpz_init(v);
    f->mul_add(r, la, lb, lb, lb);
    mpz_mul(v, b, b);
    mpz_add(v, v, w);
    expect(f, "mul_add", a, b, r, v);
    memcpy(r, lb, sizeof lb);
    f->mul_add(r, la, la, r, la);
    mpz_mul(v, a, a);
    mpz_add(v, v, w);
    expect(f, "mul_add_alias", a, b, r, v);
    mpz_clear(v);
    expect_bool(f, "eq", a, f->eq(la, lb), mpz_cmp(a, b) == 0);
    mpz_clear(w);
}

static void check_unary(const field *f, const mpz_t a) {
    uint32_t la[MAXL], r[MAXL];
    unsigned char be[64], be2[64];
    mpz_t w, zero;
    mpz_inits(w, zero, NULL);
    to_mont_ref(f, la, a);
    f->sqr(r, la);
    mpz_mul(w, a, a);
    expect(f, "sqr", a, zero, r, w);
    f->neg(r, la);
    mpz_neg(w, a);
    expect(f, "neg", a, zero, r, w);
    f->dbl(r, la);
    mpz_mul_2exp(w, a, 1);
    expect(f, "dbl", a, zero, r, w);
    f->inv(r, la);
    if (mpz_sgn(a) == 0) mpz_set_ui(w, 0); /* documented: inv(0) = 0 */
    else mpz_invert(w, a, f->m);
    expect(f, "inv", a, zero, r, w);
    expect_bool(f, "is_zero", a, f->is_zero(la), mpz_sgn(a) == 0);
    /* small multiples, including 0, 1 and the curve's 3b = 12; with the chains every c 2^e
     * (c odd, at most 9) takes the ladder, the others double and add */
    uint32_t ks[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 24, 36, 72, 96, 255, 0x90000000u,
                     (uint32_t)rng_u64(), 0xffffffffu};
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        f->mul_small(r, la, ks[i]);
        mpz_mul_ui(w, a, ks[i]);
        expect(f, "mul_small", a, zero, r, w);
    }
    /* canonical bytes, both ways */
    memset(be, 0, sizeof be);
    size_t count = 0;
    mpz_export(be2, &count, 1, 1, 1, 0, a);
    memcpy(be + f->bytes - count, be2, count);
    int ok = f->from_bytes(r, be);
    expect_bool(f, "from_bytes.accepts", a, ok, 1);
    expect(f, "from_bytes", a, zero, r, a);
    memset(be2, 0x5a, sizeof be2);
    f->to_bytes(be2, la);
    g_checks++;
    if (memcmp(be, be2, (size_t)f->bytes) != 0) {
        g_failures++;
        if (g_failures <= 12) gmp_printf("FAIL %s.to_bytes a=%Zx\n", f->name, a);
    }
    mpz_clears(w, zero, NULL);
}

/* Encodings of integers >= m must be rejected (never silently reduced). */
static void check_rejects(const field *f) {
    unsigned char be[64];
    uint32_t r[MAXL];
    mpz_t v, two_bits;
    mpz_inits(v, two_bits, NULL);
    mpz_ui_pow_ui(two_bits, 2, (unsigned long)(8 * f->bytes));
    const long deltas[] = {0, 1, 2, 0x10000};
    for (size_t i = 0; i < 5; i++) {
        if (i < 4) mpz_add_ui(v, f->m, (unsigned long)deltas[i]);
        else mpz_sub_ui(v, two_bits, 1); /* all bytes 0xff */
        memset(be, 0, sizeof be);
        size_t count = 0;
        unsigned char tmp[64];
        mpz_export(tmp, &count, 1, 1, 1, 0, v);
        memcpy(be + f->bytes - count, tmp, count);
        expect_bool(f, "from_bytes.rejects", v, f->from_bytes(r, be), 0);
    }
    for (int t = 0; t < 200; t++) { /* random values in [m, 2^(8 bytes)) */
        mpz_t x;
        mpz_init(x);
        do {
            unsigned char tmp[64];
            for (int i = 0; i < f->bytes; i++) tmp[i] = (unsigned char)rng_u64();
            mpz_import(x, (size_t)f->bytes, 1, 1, 1, 0, tmp);
        } while (mpz_cmp(x, f->m) < 0);
        memset(be, 0, sizeof be);
        size_t count = 0;
        mpz_export(be, &count, 1, 1, 1, 0, x);
        unsigned char enc[64] = {0};
        memcpy(enc + f->bytes - count, be, count);
        expect_bool(f, "from_bytes.rejects_random", x, f->from_bytes(r, enc), 0);
        mpz_clear(x);
    }
    mpz_clears(v, two_bits, NULL);
}

static void check_pow_one(const field *f) {
    uint32_t one[MAXL], r[MAXL], la[MAXL];
    mpz_t a, e, w, one_z;
    mpz_inits(a, e, w, one_z, NULL);
    mpz_set_ui(one_z, 1);
    f->one(one);
    expect(f, "one", one_z, one_z, one, one_z);
    for (uint32_t v = 0; v < 70; v += 7) {
        f->from_u32(r, v);
        mpz_set_ui(w, v);
        expect(f, "from_u32", w, w, r, w);
    }
    for (int t = 0; t < 50; t++) {
        uint32_t el[MAXL];
        random_value(f, a);
        random_value(f, e);
        to_mont_ref(f, la, a);
        mpz_to_limbs(el, e, f->n);
        f->pow(r, la, el, f->n);
        mpz_powm(w, a, e, f->m);
        expect(f, "pow", a, e, r, w);
    }
    mpz_clears(a, e, w, one_z, NULL);
}

/* The inversion (Bernstein and Yang's divsteps, field.gc) against GMP on shapes of the
 * integer it works on, the Montgomery limbs themselves (a = x R^-1): every power of two
 * (long runs of even g), every bit length (a random x below 2^k: the short ones end in
 * few steps and then idle), m - j for small j, and random values. */
static void check_inv_shapes(const field *f, int randoms) {
    mpz_t x, a, w, zero;
    mpz_inits(x, a, w, zero, NULL);
    int bits = (int)mpz_sizeinbase(f->m, 2);
    for (int t = 0; t < 3 * bits + 64 + randoms; t++) {
        if (t < bits) {
            mpz_set_ui(x, 0);
            mpz_setbit(x, (mp_bitcnt_t)t);
        } else if (t < 3 * bits) {
            int k = 1 + (t - bits) / 2; /* two values of each bit length */
            random_value(f, x);
            mpz_fdiv_r_2exp(x, x, (mp_bitcnt_t)k);
            mpz_setbit(x, (mp_bitcnt_t)(k - 1));
            mpz_mod(x, x, f->m);
        } else if (t < 3 * bits + 64) {
            mpz_sub_ui(x, f->m, (unsigned long)(t - 3 * bits + 1));
        } else {
            random_value(f, x);
        }
        uint32_t lx[MAXL], r[MAXL];
        mpz_to_limbs(lx, x, f->n);
        mpz_mul(a, x, f->Rinv);
        mpz_mod(a, a, f->m);
        f->inv(r, lx);
        if (mpz_sgn(a) == 0) mpz_set_ui(w, 0);
        else mpz_invert(w, a, f->m);
        expect(f, "inv.shapes", a, zero, r, w);
    }
    mpz_clears(x, a, w, zero, NULL);
}

static void run_field(field *f, int randoms) {
    mpz_t edges[64];
    size_t ne = edge_values(f, edges, 64);
    for (size_t i = 0; i < ne; i++) {
        check_unary(f, edges[i]);
        for (size_t j = 0; j < ne; j++) check_binary(f, edges[i], edges[j]);
    }
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    for (int t = 0; t < randoms; t++) {
        random_value(f, a);
        random_value(f, b);
        check_binary(f, a, b);
        if (t % 8 == 0) check_unary(f, a);
        if (t < (int)ne) check_binary(f, a, edges[t]);
    }
    check_rejects(f);
    check_pow_one(f);
    check_inv_shapes(f, randoms);
    for (size_t i = 0; i < ne; i++) mpz_clear(edges[i]);
    mpz_clears(a, b, NULL);
}

static void field_init(field *f, const char *modulus_hex) {
    mpz_init_set_str(f->m, modulus_hex, 16);
    mpz_init(f->R);
    mpz_init(f->Rinv);
    mpz_ui_pow_ui(f->R, 2, (unsigned long)(32 * f->n));
    mpz_invert(f->Rinv, f->R, f->m);
    mpz_mod(f->R, f->R, f->m);
}

/* Fp: square roots and the sign used by point compression. */
static void check_fp_sqrt_sign(field *f, int randoms) {
    mpz_t a, w, half;
    mpz_inits(a, w, half, NULL);
    mpz_sub_ui(half, f->m, 1);
    mpz_fdiv_q_2exp(half, half, 1);
    for (int t = 0; t < randoms; t++) {
        uint32_t la[MAXL];
        if (t == 0) mpz_set_ui(a, 0);
        else if (t == 1) mpz_set(a, half);
        else if (t == 2) mpz_add_ui(a, half, 1);
        else random_value(f, a);
        to_mont_ref(f, la, a);
        gc_fp x, s;
        memcpy(&x, la, sizeof x);
        int is_sq = gc_fp_sqrt(&s, &x);
        int want_sq = mpz_legendre(a, f->m) >= 0;
        expect_bool(f, "sqrt.is_square", a, is_sq, want_sq);
        if (want_sq) { /* s^2 = a, checked by GMP */
            mpz_t s_z;
            mpz_init(s_z);
            limbs_to_mpz(s_z, s.l, f->n);
            mpz_mul(s_z, s_z, f->Rinv);
            mpz_mod(s_z, s_z, f->m);
            mpz_mul(w, s_z, s_z);
            mpz_mod(w, w, f->m);
            expect_bool(f, "sqrt.squares_back", a, mpz_cmp(w, a) == 0, 1);
            mpz_clear(s_z);
        }
        expect_bool(f, "sign", a, gc_fp_sign(&x), mpz_cmp(a, half) > 0);
    }
    mpz_clears(a, w, half, NULL);
}

/* The Fp2 product (u^2 = -1; on the host it has its own lazily reduced path, field64.gc):
 * c0 = a0 b0 - a1 b1, c1 = a0 b1 + a1 b0, over pairs of the edge values and random values,
 * the result aliasing an operand half the time. */
static void check_fp2_mul(const field *f, int randoms) {
    mpz_t edges[64], a0, a1, b0, b1, w, t;
    size_t ne = edge_values(f, edges, 64);
    mpz_inits(a0, a1, b0, b1, w, t, NULL);
    for (int k = 0; k < (int)(ne * ne) + randoms; k++) {
        if (k < (int)(ne * ne)) {
            mpz_set(a0, edges[k % ne]), mpz_set(a1, edges[k / ne]);
            mpz_set(b0, edges[(k / ne + k) % ne]), mpz_set(b1, edges[(k * 7 + 3) % ne]);
        } else {
            random_value(f, a0), random_value(f, a1), random_value(f, b0), random_value(f, b1);
        }
        gc_fp2 x, y, z;
        to_mont_ref(f, x.c0.l, a0), to_mont_ref(f, x.c1.l, a1);
        to_mont_ref(f, y.c0.l, b0), to_mont_ref(f, y.c1.l, b1);
        if (k & 1) z = x, gc_fp2_mul(&z, &z, &y);
        else gc_fp2_mul(&z, &x, &y);
        mpz_mul(w, a0, b0), mpz_mul(t, a1, b1), mpz_sub(w, w, t);
        expect(f, "fp2_mul.c0", a0, b0, z.c0.l, w);
        mpz_mul(w, a0, b1), mpz_mul(t, a1, b0), mpz_add(w, w, t);
        expect(f, "fp2_mul.c1", a1, b1, z.c1.l, w);
    }
    for (size_t i = 0; i < ne; i++) mpz_clear(edges[i]);
    mpz_clears(a0, a1, b0, b1, w, t, NULL);
}

/* Fr: 7^((r-1)/2^k) for every k, compared with GMP, and primitive of order 2^k. */
static void check_fr_roots(field *f) {
    mpz_t e, w, one, minus_one, k_z;
    mpz_inits(e, w, one, minus_one, k_z, NULL);
    mpz_set_ui(one, 1);
    mpz_sub_ui(minus_one, f->m, 1);
    for (unsigned k = 0; k <= 32; k++) {
        gc_fr root;
        gc_fr_root_of_unity(&root, k);
        mpz_sub_ui(e, f->m, 1);
        mpz_fdiv_q_2exp(e, e, k);
        mpz_set_ui(w, 7);
        mpz_powm(w, w, e, f->m);
        mpz_set_ui(k_z, k);
        expect(f, "root_of_unity", k_z, k_z, root.l, w);
        if (k > 0) { /* order exactly 2^k: w^(2^(k-1)) = -1 */
            mpz_set_ui(e, 1);
            mpz_mul_2exp(e, e, k - 1);
            mpz_powm(e, w, e, f->m);
            expect_bool(f, "root_of_unity.primitive", k_z, mpz_cmp(e, minus_one) == 0, 1);
        }
    }
    mpz_clears(e, w, one, minus_one, k_z, NULL);
}

/* Which host path the Fp checks run (field64.gc, field_x86.gc). */
static const char *fp_path(void) {
#if GC_BLS_PTX
    return "the CUDA chains' C emulation";
#elif !GC_BLS_HOST64
    return "32-bit portable C";
#elif !GC_BLS_X86
    return "64-bit C";
#else
    return GC_X86_ADX_ON ? "x86-64 assembly, mulx/adcx/adox" : "x86-64 assembly, baseline";
#endif
}

int main(int argc, char **argv) {
    int randoms = argc > 1 ? atoi(argv[1]) : 20000;
    printf("Fp: %s\n", fp_path());
#if defined(GC_FAULT) && (GC_FAULT == GC_BLS_FAULT_X86_ADX_MUL_CARRY || GC_FAULT == GC_BLS_FAULT_X86_ADX_REDC_CARRY)
    if (!GC_X86_ADX_ON) return printf("SKIP: no BMI2 and ADX on this CPU: the mutant's code does not run\n"), 77;
#endif
    field fp = {"fp", GC_FP_LIMBS, GC_FP_BYTES, {{0}}, {{0}}, {{0}}, FIELD_OPS(gc_fp)};
    field fr = {"fr", GC_FR_LIMBS, GC_FR_BYTES, {{0}}, {{0}}, {{0}}, FIELD_OPS(gc_fr)};
    field_init(&fp, "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
    field_init(&fr, "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
    run_field(&fp, randoms);
    run_field(&fr, randoms);
    check_fp_sqrt_sign(&fp, 2000);
    check_fp2_mul(&fp, randoms);
    check_fr_roots(&fr);
    printf("%lu checks, %lu failures\n", g_checks, g_failures);
#if defined(GC_FAULT)
    /* A mutant build passes only when the tests noticed the injected bug. */
#define GC_STR_(x) #x
#define GC_STR(x) GC_STR_(x)
    printf("mutant GC_FAULT=%s %s\n", GC_STR(GC_FAULT), g_failures ? "caught" : "SURVIVED");
    return g_failures ? 0 : 1;
#else
    return g_failures ? 1 : 0;
#endif
}
#endif /* GC_HAVE_GMP */
