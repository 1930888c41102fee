/* SPDX-License-Identifier: Apache-2.0 */
/* test_bls12_381_pairing.c — the pairing of crypto/bls12_381 (fp6.gc, fp12.gc, pairing.gc;
 * host build) against the known answers of py_ecc and arkworks (crypto/bls12_381/vectors/
 * {fp12,pairing}.inc, tools/gen_pairing_vectors.py) and against itself: the towers' laws,
 * the sparse line product and the cyclotomic squaring against the general ones, the
 * lines' points against G2's complete formulas, bilinearity, the multi-Miller loop against
 * single ones, pairing checks valid and not.
 *
 * Built a second time per mutant with -DGC_FAULT=<GC_BLS_FAULT_LINE_COEFF or
 * GC_BLS_FAULT_FROBENIUS_TERM> (tests/bls12_381.cmake): then it exits 0 only if some check
 * failed ("mutant caught"). Prints the host time of one pairing.
 * --bench N: no tests, the host timings of Fp mul/sqr/inv, Fp2 and Fp12 products, a
 * two-pair check (the KZG verifier's) and a G1 scalar product, best of N rounds.
 * Exit codes: 0 pass (or mutant caught), 1 failures (or mutant survived). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "crypto/bls12_381/host.h"
#include "crypto/bls12_381/pairing_lines.gc"

#include "unit.h"

static uint64_t g_rng = 0x7a11;

static gc_fp random_fp(void) {
    gc_fp raw, r;
    do {
        for (int i = 0; i < GC_FP_LIMBS; i++) raw.l[i] = (uint32_t)gc_bls_splitmix64(g_rng++);
        raw.l[GC_FP_LIMBS - 1] &= 0x1fffffffu;
    } while (!gc_fp_is_canonical(&raw));
    gc_fp_to_mont(&r, &raw);
    return r;
}

static gc_fp12 random_fp12(void) {
    gc_fp c[12];
    gc_fp12 r;
    for (int i = 0; i < 12; i++) c[i] = random_fp();
    memcpy(&r, c, sizeof r);
    return r;
}

static gc_fr random_fr(void) {
    gc_fr raw, r;
    do {
        for (int i = 0; i < GC_FR_LIMBS; i++) raw.l[i] = (uint32_t)gc_bls_splitmix64(g_rng++);
        raw.l[GC_FR_LIMBS - 1] &= 0x7fffffffu;
    } while (!gc_fr_is_canonical(&raw));
    gc_fr_to_mont(&r, &raw);
    return r;
}

static void must(int ok, const char *what) {
    if (!ok) {
        printf("FATAL: known answer %s does not decode\n", what);
        exit(1);
    }
}

static gc_fp12 fp12_hex(const char *hex) {
    gc_fp12 r;
    must(gc_bls_fp12_from_hex(&r, hex), "fp12");
    return r;
}

static gc_fp6 fp6_hex(const char *hex) {
    gc_fp6 r;
    must(gc_bls_fp6_from_hex(&r, hex), "fp6");
    return r;
}

static void test_tower_known_answers(void) {
    for (size_t i = 0; i < gc_bls_fp12_vector_count; i++) {
        const gc_bls_fp12_vec *v = &gc_bls_fp12_vectors[i];
        gc_fp12 a = fp12_hex(v->a), b = fp12_hex(v->b), r, want;
        gc_fp12_mul(&r, &a, &b);
        want = fp12_hex(v->mul);
        CHECKF(gc_fp12_eq(&r, &want), "fp12 a*b, vector %zu", i);
        gc_fp12_sqr(&r, &a);
        want = fp12_hex(v->sqr);
        CHECKF(gc_fp12_eq(&r, &want), "fp12 a^2, vector %zu", i);
        gc_fp12_inv(&r, &a);
        want = fp12_hex(v->inv);
        CHECKF(gc_fp12_eq(&r, &want), "fp12 1/a, vector %zu", i);
        const char *frob[3] = {v->frob1, v->frob2, v->frob3};
        for (int j = 1; j <= 3; j++) {
            gc_fp12_frobenius(&r, &a, j);
            want = fp12_hex(frob[j - 1]);
            CHECKF(gc_fp12_eq(&r, &want), "fp12 a^(p^%d), vector %zu", j, i);
        }
    }
    for (size_t i = 0; i < gc_bls_fp6_vector_count; i++) {
        const gc_bls_fp6_vec *v = &gc_bls_fp6_vectors[i];
        gc_fp6 a = fp6_hex(v->a), b = fp6_hex(v->b), r, want;
        gc_fp6_mul(&r, &a, &b);
        want = fp6_hex(v->mul);
        CHECKF(gc_fp6_eq(&r, &want), "fp6 a*b, vector %zu", i);
        gc_fp6_sqr(&r, &a);
        want = fp6_hex(v->sqr);
        CHECKF(gc_fp6_eq(&r, &want), "fp6 a^2, vector %zu", i);
        gc_fp6_inv(&r, &a);
        want = fp6_hex(v->inv);
        CHECKF(gc_fp6_eq(&r, &want), "fp6 1/a, vector %zu", i);
    }
    CHECKF(gc_bls_fp12_vector_count >= 3 && gc_bls_fp6_vector_count >= 2, "tower vectors present");
}

/* The easy part of the final exponentiation: into the cyclotomic subgroup. */
static gc_fp12 cyclotomic(const gc_fp12 *f) {
    gc_fp12 t, a;
    gc_fp12_inv(&a, f);
    gc_fp12_conj(&t, f);
    gc_fp12_mul(&t, &t, &a);
    gc_fp12_frobenius(&a, &t, 2);
    gc_fp12_mul(&t, &a, &t);
    return t;
}

static void test_tower_laws(void) {
    gc_fp12 one;
    gc_fp12_one(&one);
    for (int i = 0; i < 8; i++) {
        gc_fp12 a = random_fp12(), b = random_fp12(), c = random_fp12(), x, y, z;
        gc_fp12_mul(&x, &a, &b);
        gc_fp12_mul(&y, &b, &a);
        CHECKF(gc_fp12_eq(&x, &y), "a b = b a");
        gc_fp12_add(&x, &b, &c);
        gc_fp12_mul(&x, &a, &x);
        gc_fp12_mul(&y, &a, &b);
        gc_fp12_mul(&z, &a, &c);
        gc_fp12_add(&y, &y, &z);
        CHECKF(gc_fp12_eq(&x, &y), "a (b + c) = a b + a c");
        gc_fp12_sqr(&x, &a);
        gc_fp12_mul(&y, &a, &a);
        CHECKF(gc_fp12_eq(&x, &y), "a^2 = a a");
        gc_fp12_inv(&x, &a);
        gc_fp12_mul(&x, &x, &a);
        CHECKF(gc_fp12_is_one(&x), "a / a = 1");
        /* the line product against the general one */
        gc_fp12 l;
        gc_fp12_zero(&l);
        l.c0.c0 = b.c0.c0, l.c0.c1 = b.c0.c1, l.c1.c1 = b.c1.c1;
        gc_fp12_mul(&x, &a, &l);
        gc_fp12_mul_by_014(&y, &a, &l.c0.c0, &l.c0.c1, &l.c1.c1);
        CHECKF(gc_fp12_eq(&x, &y), "mul_by_014 = mul by the sparse element");
        /* Frobenius: p^1 three times is p^3, p^2 twice is p^4 = p^1 four times, p^6 = conj */
        gc_fp12_frobenius(&x, &a, 1);
        gc_fp12_frobenius(&x, &x, 1);
        gc_fp12_frobenius(&y, &a, 2);
        CHECKF(gc_fp12_eq(&x, &y), "frob(frob(a)) = frob2(a)");
        gc_fp12_frobenius(&x, &x, 1);
        gc_fp12_frobenius(&y, &a, 3);
        CHECKF(gc_fp12_eq(&x, &y), "frob^3(a) = frob3(a)");
        gc_fp12_frobenius(&x, &y, 3);
        gc_fp12_conj(&y, &a);
        CHECKF(gc_fp12_eq(&x, &y), "frob3(frob3(a)) = conj(a)");
        gc_fp12_mul(&x, &a, &b);
        gc_fp12_frobenius(&x, &x, 1);
        gc_fp12_frobenius(&y, &a, 1);
        gc_fp12_frobenius(&z, &b, 1);
        gc_fp12_mul(&y, &y, &z);
        CHECKF(gc_fp12_eq(&x, &y), "frob(a b) = frob(a) frob(b)");
        /* cyclotomic squaring = squaring, in the subgroup */
        gc_fp12 g = cyclotomic(&a);
        gc_fp12_conj(&x, &g);
        gc_fp12_mul(&x, &x, &g);
        CHECKF(gc_fp12_is_one(&x), "after the easy part conj(g) g = 1");
        gc_fp12_cyclotomic_sqr(&x, &g);
        gc_fp12_sqr(&y, &g);
        CHECKF(gc_fp12_eq(&x, &y), "cyclotomic square = square");
    }
    gc_fp12 z;
    gc_fp12_zero(&z);
    gc_fp12_inv(&z, &z);
    CHECKF(!gc_fp12_is_one(&z) && gc_fp6_is_zero(&z.c0) && gc_fp6_is_zero(&z.c1), "inv(0) = 0");
}

/* The lines' doubled and added points are G2's (complete formulas), as points. */
static void test_line_points(void) {
    gc_g2p g, t, want;
    gc_g2p_generator(&g);
    gc_fp nx, y = random_fp();
    nx = random_fp();
    gc_fp2 l0, l1, l4;
    gc_g2a qa;
    gc_fr k = random_fr();
    gc_g2p_mul(&t, &g, &k);
    gc_g2p_to_affine(&qa, &g);
    for (int i = 0; i < 4; i++) {
        gc_g2p_dbl(&want, &t);
        gc_bls__line_dbl(&t, &l0, &l1, &l4, &nx, &y);
        CHECKF(gc_g2p_eq(&t, &want) && gc_g2p_is_on_curve(&t), "line_dbl's point = 2T, step %d", i);
        gc_g2p_add(&want, &t, &g);
        gc_bls__line_add(&t, &l0, &l1, &l4, &qa, &nx, &y);
        CHECKF(gc_g2p_eq(&t, &want) && gc_g2p_is_on_curve(&t), "line_add's point = T + Q, step %d", i);
    }
}

static void test_pairing_known_answers(void) {
    for (size_t i = 0; i < gc_bls_pairing_vector_count; i++) {
        const gc_bls_pairing_vec *v = &gc_bls_pairing_vectors[i];
        gc_g1a p;
        gc_g2a q;
        must(gc_bls_g1a_from_hex(&p, v->p) && gc_bls_g2a_from_hex(&q, v->q), "pairing points");
        gc_fp12 e, want = fp12_hex(v->e);
        gc_bls_pairing(&e, &p, &q);
        CHECKF(gc_fp12_eq(&e, &want), "e(P, Q) vs py_ecc/arkworks, vector %zu", i);
    }
    for (size_t i = 0; i < gc_bls_final_exp_vector_count; i++) {
        const gc_bls_final_exp_vec *v = &gc_bls_final_exp_vectors[i];
        gc_fp12 f = fp12_hex(v->f), r, want = fp12_hex(v->r);
        gc_bls_final_exp(&r, &f);
        CHECKF(gc_fp12_eq(&r, &want), "final_exp(f) vs py_ecc, vector %zu", i);
    }
    /* the last final-exponentiation vector is py_ecc's Miller loop of (3 G1, 5 G2), over |x|:
     * exponentiated, the inverse of ours */
    gc_g1p g1;
    gc_g2p g2;
    gc_g1a p;
    gc_g2a q;
    gc_g1p_generator(&g1);
    gc_g2p_generator(&g2);
    uint32_t three = 3, five = 5;
    gc_g1p_mul_limbs(&g1, &g1, &three, 1);
    gc_g2p_mul_limbs(&g2, &g2, &five, 1);
    gc_g1p_to_affine(&p, &g1);
    gc_g2p_to_affine(&q, &g2);
    gc_fp12 f, e, theirs = fp12_hex(gc_bls_final_exp_vectors[gc_bls_final_exp_vector_count - 1].r);
    gc_bls_miller_loop(&f, &p, &q);
    gc_bls_final_exp(&e, &f);
    gc_fp12_mul(&e, &e, &theirs);
    CHECKF(gc_fp12_is_one(&e), "final_exp(our Miller loop) final_exp(py_ecc's) = 1 for (3 G1, 5 G2)");
    CHECKF(gc_bls_pairing_vector_count >= 4 && gc_bls_final_exp_vector_count >= 3, "pairing vectors present");
}

/* The same check from each Q's precomputed lines (pairing_lines.gc); a valid check with two
 * pairs' lines swapped (the negative control) must fail. */
static void check_with_lines(const gc_g1a *p, const gc_g2a *q, int n, int valid, size_t i) {
    if (n > GC_BLS_MILLER_CHUNK) return;
    static gc_bls_g2_lines lines[GC_BLS_MILLER_CHUNK];
    const gc_bls_g2_lines *lp[GC_BLS_MILLER_CHUNK];
    for (int j = 0; j < n; j++) gc_bls_g2_lines_make(&lines[j], &q[j]), lp[j] = &lines[j];
    CHECKF(gc_bls_pairing_check_lines(p, lp, n) == valid, "pairing check %zu from lines = %d", i, valid);
    if (!valid || n < 2 || !memcmp(&q[0], &q[1], sizeof q[0])) return;
    lp[0] = &lines[1], lp[1] = &lines[0];
    CHECKF(gc_bls_pairing_check_lines(p, lp, n) == 0, "pairing check %zu, two pairs' lines swapped: invalid", i);
}

static void test_pairing_checks(void) {
    for (size_t i = 0; i < gc_bls_pairing_check_vector_count; i++) {
        const gc_bls_pairing_check_vec *v = &gc_bls_pairing_check_vectors[i];
        gc_g1a p[8];
        gc_g2a q[8];
        must(v->n <= 8, "check size");
        for (int j = 0; j < v->n; j++) {
            char h1[97], h2[193];
            memcpy(h1, v->p + 96 * j, 96), h1[96] = 0;
            memcpy(h2, v->q + 192 * j, 192), h2[192] = 0;
            must(gc_bls_g1a_from_hex(&p[j], h1) && gc_bls_g2a_from_hex(&q[j], h2), "check points");
        }
        CHECKF(gc_bls_pairing_check(p, q, v->n) == v->valid, "pairing check %zu (%d pairs) = %d", i, v->n, v->valid);
        check_with_lines(p, q, v->n, v->valid, i);
    }
    CHECKF(gc_bls_pairing_check(NULL, NULL, 0) == 1, "empty check is valid");
}

static void test_bilinearity(void) {
    gc_g1p g1, ap;
    gc_g2p g2, bq;
    gc_g1p_generator(&g1);
    gc_g2p_generator(&g2);
    gc_fr a = random_fr(), b = random_fr(), ab;
    gc_fr_mul(&ab, &a, &b);
    gc_g1p_mul(&ap, &g1, &a);
    gc_g2p_mul(&bq, &g2, &b);
    gc_g1a p[3];
    gc_g2a q[3];
    gc_g1p_to_affine(&p[0], &ap);
    gc_g2p_to_affine(&q[0], &bq);
    gc_g1p_mul(&ap, &g1, &ab);
    gc_g1p_to_affine(&p[1], &ap);
    gc_g2p_to_affine(&q[1], &g2);
    gc_fp12 e1, e2, e3, m1, m2, prod;
    gc_bls_pairing(&e1, &p[0], &q[0]);
    gc_bls_pairing(&e2, &p[1], &q[1]);
    CHECKF(gc_fp12_eq(&e1, &e2) && !gc_fp12_is_one(&e1), "e(aP, bQ) = e(abP, Q) != 1");
    /* the multi-Miller loop is the product of single ones */
    gc_g1p_to_affine(&p[2], &g1);
    gc_g2p_to_affine(&q[2], &bq);
    gc_bls_miller_loop_n(&prod, p, q, 3);
    gc_bls_final_exp(&prod, &prod);
    gc_bls_miller_loop(&m1, &p[2], &q[2]);
    gc_bls_final_exp(&e3, &m1);
    gc_fp12_mul(&m2, &e1, &e2);
    gc_fp12_mul(&m2, &m2, &e3);
    CHECKF(gc_fp12_eq(&prod, &m2), "final_exp(miller_loop_n of 3) = product of 3 pairings");
    /* e^r = 1: the value lies in the order-r subgroup */
    gc_fp12 acc;
    gc_fp12_one(&acc);
    for (int i = GC_FR_LIMBS * 32 - 1; i >= 0; i--) {
        gc_fp12_cyclotomic_sqr(&acc, &acc);
        if ((gc_fr_mod[i / 32] >> (i % 32)) & 1u) gc_fp12_mul(&acc, &acc, &e1);
    }
    CHECKF(gc_fp12_is_one(&acc), "e(aP, bQ)^r = 1");
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void report_time(void) {
    gc_g1p g1;
    gc_g2p g2;
    gc_g1a p;
    gc_g2a q;
    gc_g1p_generator(&g1);
    gc_g2p_generator(&g2);
    gc_g1p_to_affine(&p, &g1);
    gc_g2p_to_affine(&q, &g2);
    gc_fp12 f;
    int reps = 4;
    double t0 = seconds();
    for (int i = 0; i < reps; i++) gc_bls_miller_loop(&f, &p, &q);
    double t1 = seconds();
    for (int i = 0; i < reps; i++) gc_bls_final_exp(&f, &f);
    double t2 = seconds();
    printf("host: Miller loop %.2f ms, final exponentiation %.2f ms, pairing %.2f ms\n", (t1 - t0) * 1e3 / reps,
           (t2 - t1) * 1e3 / reps, (t2 - t0) * 1e3 / reps);
}

/* --bench N: host timings of the field layer and of the KZG verifier's check, a product of
 * two pairings (e(P, Q) e(-P, Q) = 1), best of N rounds; not part of the unit test. */
static void bench(int rounds) {
    enum { OPS = 20000 };
    gc_fp a = random_fp(), b = random_fp(), x;
    gc_fp2 a2 = {random_fp(), random_fp()}, b2 = {random_fp(), random_fp()}, x2;
    gc_fp12 f12 = random_fp12(), g12 = random_fp12();
    gc_g1p g1;
    gc_g2p g2;
    gc_g1a p[2];
    gc_g2a q[2];
    gc_g1p_generator(&g1);
    gc_g2p_generator(&g2);
    gc_g1p_to_affine(&p[0], &g1);
    gc_g1p_neg(&g1, &g1);
    gc_g1p_to_affine(&p[1], &g1);
    gc_g2p_to_affine(&q[0], &g2);
    q[1] = q[0];
    double best[8] = {1e30, 1e30, 1e30, 1e30, 1e30, 1e30, 1e30, 1e30}, t;
    int ok = 1;
    for (int r = 0; r < rounds; r++) {
        x = a, t = seconds();
        for (int i = 0; i < OPS; i++) gc_fp_mul(&x, &x, &b);
        best[0] = fmin(best[0], (seconds() - t) / OPS), a = x;
        t = seconds();
        for (int i = 0; i < OPS; i++) gc_fp_sqr(&x, &x);
        best[1] = fmin(best[1], (seconds() - t) / OPS), a = x;
        t = seconds();
        for (int i = 0; i < OPS / 100; i++) gc_fp_inv(&x, &x);
        best[2] = fmin(best[2], (seconds() - t) / (OPS / 100)), a = x;
        x2 = a2, t = seconds();
        for (int i = 0; i < OPS; i++) gc_fp2_mul(&x2, &x2, &b2);
        best[3] = fmin(best[3], (seconds() - t) / OPS), a2 = x2;
        t = seconds();
        for (int i = 0; i < OPS / 100; i++) gc_fp12_mul(&f12, &f12, &g12);
        best[4] = fmin(best[4], (seconds() - t) / (OPS / 100));
        t = seconds();
        for (int i = 0; i < OPS / 100; i++) gc_fp12_cyclotomic_sqr(&g12, &g12);
        best[5] = fmin(best[5], (seconds() - t) / (OPS / 100));
        t = seconds();
        ok &= gc_bls_pairing_check(p, q, 2);
        best[6] = fmin(best[6], seconds() - t);
        gc_fr k = random_fr();
        unsigned char digits[2 * GC_GLV_DIGITS];
        t = seconds();
        gc_glv_wnaf_digits(digits, &k);
        gc_g1p_mul_glv_wnaf(&g1, &g1, digits);
        best[7] = fmin(best[7], seconds() - t);
    }
    printf("bench (best of %d): fp_mul %.1f ns, fp_sqr %.1f ns, fp_inv %.2f us, fp2_mul %.1f ns, "
           "fp12_mul %.2f us, fp12_cyclotomic_sqr %.2f us, pairing_check(2 pairs) %.3f ms, "
           "g1 [k]P (GLV) %.1f us%s\n",
           rounds, best[0] * 1e9, best[1] * 1e9, best[2] * 1e6, best[3] * 1e9, best[4] * 1e6, best[5] * 1e6,
           best[6] * 1e3, best[7] * 1e6, ok ? "" : " WRONG RESULT");
    /* the chained values stay live, so that no loop is optimized away */
    printf("(%08x %08x %08x %08x)\n", (unsigned)x.l[0], (unsigned)x2.c1.l[0],
           (unsigned)(f12.c0.c0.c0.l[0] ^ g12.c1.c2.c1.l[0]), (unsigned)g1.x.l[0]);
}

int main(int argc, char **argv) {
    if (argc == 3 && !strcmp(argv[1], "--bench")) {
        bench(atoi(argv[2]) > 0 ? atoi(argv[2]) : 1);
        return 0;
    }
    if (argc != 1) return fprintf(stderr, "usage: %s [--bench N]\n", argv[0]), 2;
    test_tower_known_answers();
    test_tower_laws();
    test_line_points();
    test_pairing_known_answers();
    test_pairing_checks();
    test_bilinearity();
    report_time();
#if defined(GC_FAULT)
#define GC_STR_(x) #x
#define GC_STR(x) GC_STR_(x)
    printf("%d checks, %d failed: mutant GC_FAULT=%s %s\n", unit_checks, unit_failures, GC_STR(GC_FAULT),
           unit_failures ? "caught" : "SURVIVED");
    return unit_failures ? 0 : 1;
#else
    return UNIT_DONE();
#endif
}
