/* SPDX-License-Identifier: Apache-2.0 */
/* test_bls12_381_g1.c — G1 (crypto/bls12_381/g1.gc, host build) against py_ecc's known
 * answers (crypto/bls12_381/vectors, via crypto/bls12_381/kat.c) and against itself (group laws,
 * scalar multiplication vs repeated addition, encodings round trip, rejections).
 * Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/host.h"

#include "unit.h"

static void hex_of(char *out, const unsigned char *b, size_t n) {
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

static void compress_p(char hex[97], const gc_g1p *p) {
    gc_g1a a;
    unsigned char enc[48];
    gc_g1p_to_affine(&a, p);
    gc_g1a_compress(enc, &a);
    hex_of(hex, enc, 48);
}

static gc_g1p point_hex(const char *hex) {
    gc_g1p p;
    if (!gc_bls_g1p_from_hex(&p, hex)) {
        printf("FATAL: known answer %s does not decode\n", hex);
        exit(1);
    }
    return p;
}

static uint64_t g_rng;
static gc_fr random_fr(void) {
    gc_fr raw;
    do {
        for (int i = 0; i < GC_FR_LIMBS; i++) raw.l[i] = (uint32_t)gc_bls_splitmix64(g_rng++);
        raw.l[GC_FR_LIMBS - 1] &= 0x7fffffffu;
    } while (!gc_fr_is_canonical(&raw));
    gc_fr r;
    gc_fr_to_mont(&r, &raw);
    return r;
}

static void test_generator(void) {
    gc_g1p g;
    gc_g1p_generator(&g);
    CHECKF(gc_g1p_is_on_curve(&g), "generator on curve");
    CHECKF(gc_g1p_in_subgroup(&g), "generator in subgroup");
    char hex[97];
    compress_p(hex, &g);
    CHECKF(strcmp(hex, gc_bls_g1_mul_vectors[0].base) == 0, "compress(G) = %s", hex);
    gc_g1p inf;
    gc_g1p_inf(&inf);
    CHECKF(gc_g1p_is_on_curve(&inf) && gc_g1p_in_subgroup(&inf), "infinity valid");
    gc_g1p zero3;
    memset(&zero3, 0, sizeof zero3);
    CHECKF(!gc_g1p_is_on_curve(&zero3) && !gc_g1p_eq(&zero3, &zero3), "(0:0:0) is no point");
    /* a point moved off the curve must be noticed */
    gc_g1p bad = g;
    gc_fp one;
    gc_fp_one(&one);
    gc_fp_add(&bad.y, &bad.y, &one);
    CHECKF(!gc_g1p_is_on_curve(&bad), "perturbed point off curve");
}

static void test_mul_vectors(void) {
    for (size_t i = 0; i < gc_bls_g1_mul_vector_count; i++) {
        const gc_bls_g1_mul_vec *v = &gc_bls_g1_mul_vectors[i];
        unsigned char enc[48], kb[32], xb[48], yb[48];
        gc_g1a base_a;
        gc_bls_hex_decode(enc, 48, v->base);
        CHECKF(gc_g1a_decompress(&base_a, enc, 1) == GC_G1_OK, "vector %zu base decodes", i);
        gc_g1p base, res;
        gc_g1p_from_affine(&base, &base_a);
        gc_fr k;
        gc_bls_hex_decode(kb, 32, v->scalar);
        CHECKF(gc_fr_from_bytes(&k, kb), "vector %zu scalar canonical", i);
        gc_g1p_mul(&res, &base, &k);
        char hex[97];
        compress_p(hex, &res);
        CHECKF(strcmp(hex, v->result) == 0, "mul vector %zu: got %s want %s", i, hex, v->result);
        gc_g1a a;
        gc_g1p_to_affine(&a, &res);
        gc_fp x = {{0}}, y = {{0}}; /* compared below even when decoding failed */
        gc_bls_hex_decode(xb, 48, v->x);
        gc_bls_hex_decode(yb, 48, v->y);
        if (gc_g1p_is_inf(&res)) {
            CHECKF(gc_g1a_is_inf(&a), "vector %zu affine infinity", i);
        } else {
            int okx = gc_fp_from_bytes(&x, xb), oky = gc_fp_from_bytes(&y, yb);
            CHECKF(okx && oky, "vector %zu coords", i);
            CHECKF(gc_fp_eq(&a.x, &x) && gc_fp_eq(&a.y, &y), "mul vector %zu affine coordinates", i);
        }
        CHECKF(gc_g1p_is_on_curve(&res) && gc_g1p_in_subgroup(&res), "vector %zu result valid", i);
    }
}

/* The MSM's XYZZ accumulator (gc_g1xyzz_*) against the same known answers, with its
 * special cases: p + a for p = O, a = O, a = p (doubling) and a = -p (infinity). */
static void compress_xyzz(char hex[97], const gc_g1xyzz *x) {
    gc_g1p p;
    gc_g1xyzz_to_projective(&p, x);
    compress_p(hex, &p);
}

static void scramble_z(gc_g1p *r, const gc_g1p *p) { /* 3 p - 2 p: p with another Z */
    gc_g1p p2, p3;
    gc_g1p_dbl(&p2, p);
    gc_g1p_add(&p3, &p2, p);
    gc_g1p_neg(&p2, &p2);
    gc_g1p_add(r, &p3, &p2);
}

static void test_xyzz_vector(size_t i, const gc_g1p *p, const gc_g1p *q, const char *sum, const char *dbl) {
    gc_g1a pa, qa, neg;
    gc_g1xyzz x, r;
    char hex[97], phex[97], inf_hex[97];
    gc_g1p inf;
    gc_g1p_inf(&inf);
    compress_p(inf_hex, &inf);
    compress_p(phex, p);
    gc_g1p_to_affine(&pa, p);
    gc_g1p_to_affine(&qa, q);
    gc_g1xyzz_from_affine(&x, &pa);
    gc_g1xyzz_add_affine(&r, &x, &qa);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, sum) == 0, "xyzz add_affine vector %zu: got %s want %s", i, hex, sum);
    gc_g1xyzz_dbl(&r, &x);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, dbl) == 0, "xyzz dbl vector %zu: got %s want %s", i, hex, dbl);
    gc_g1xyzz_add_affine(&r, &x, &pa);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, dbl) == 0, "xyzz p + p vector %zu: got %s", i, hex);
    neg = pa;
    if (!gc_g1a_is_inf(&pa)) gc_fp_neg(&neg.y, &neg.y);
    gc_g1xyzz_add_affine(&r, &x, &neg);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, inf_hex) == 0, "xyzz p + (-p) vector %zu: got %s", i, hex);
    gc_g1xyzz_inf(&r);
    gc_g1xyzz_add_affine(&r, &r, &pa);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, phex) == 0, "xyzz O + p vector %zu: got %s", i, hex);
    gc_g1a_inf(&neg);
    gc_g1xyzz_add_affine(&r, &x, &neg);
    compress_xyzz(hex, &r);
    CHECKF(strcmp(hex, phex) == 0, "xyzz p + O vector %zu: got %s", i, hex);
}

/* The twiddle products' Jacobian formulas (gc_g1jac_*) against the same known answers:
 * doubling, the addition with a cached second operand from inputs whose Z is not 1, both
 * orders, and the special cases p + p, p + (-p), O + p, p + O, in place. */
static void compress_jac(char hex[97], const gc_g1jac *j) {
    gc_g1p p;
    gc_g1jac_to_projective(&p, j);
    compress_p(hex, &p);
}

static void test_jac_vector(size_t i, const gc_g1p *p, const gc_g1p *q, const char *sum, const char *dbl) {
    gc_g1p ps, qs, np, inf;
    gc_g1jac jp, jq, jn, jo, r;
    gc_g1jac_cached cp, cq, cn, co;
    char hex[97], phex[97], inf_hex[97];
    gc_g1p_inf(&inf);
    compress_p(inf_hex, &inf);
    compress_p(phex, p);
    scramble_z(&ps, p);
    scramble_z(&qs, q);
    gc_g1jac_from_projective(&jp, &ps);
    gc_g1jac_from_projective(&jq, &qs);
    gc_g1p_neg(&np, &ps);
    gc_g1jac_from_projective(&jn, &np);
    gc_g1jac_from_projective(&jo, &inf);
    gc_g1jac_cache(&cp, &jp);
    gc_g1jac_cache(&cq, &jq);
    gc_g1jac_cache(&cn, &jn);
    gc_g1jac_cache(&co, &jo);
    gc_g1jac_dbl(&r, &jp);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, dbl) == 0, "jacobian dbl vector %zu: got %s want %s", i, hex, dbl);
    gc_g1jac_add_cached(&r, &jp, &cq);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, sum) == 0, "jacobian add vector %zu: got %s want %s", i, hex, sum);
    gc_g1jac_add_cached(&r, &jq, &cp);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, sum) == 0, "jacobian add vector %zu commuted", i);
    gc_g1jac_from_projective(&r, p); /* p + p, different representations */
    gc_g1jac_add_cached(&r, &r, &cp);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, dbl) == 0, "jacobian add p + p vector %zu: got %s", i, hex);
    gc_g1jac_add_cached(&r, &jp, &cn);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, inf_hex) == 0, "jacobian add p + (-p) vector %zu: got %s", i, hex);
    gc_g1jac_add_cached(&r, &jo, &cp);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, phex) == 0, "jacobian add O + p vector %zu", i);
    gc_g1jac_add_cached(&r, &jp, &co);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, phex) == 0, "jacobian add p + O vector %zu", i);
    gc_g1jac_dbl(&r, &jo);
    compress_jac(hex, &r);
    CHECKF(strcmp(hex, inf_hex) == 0, "jacobian dbl O vector %zu", i);
    gc_g1jac_add_cached(&jp, &jp, &cq); /* r aliasing p */
    compress_jac(hex, &jp);
    CHECKF(strcmp(hex, sum) == 0, "jacobian add in place vector %zu", i);
}

/* A comb's run in XYZZ against the projective formulas: acc = 2 acc + k_j B for random
 * small multiples of one base, so that acc meets +-k B (the special cases) on the way,
 * the accumulator's ZZ far from 1. */
static void test_xyzz_chain(void) {
    gc_g1p g, acc_p, kb;
    gc_g1xyzz acc_x;
    gc_g1p_generator(&g);
    gc_g1p_inf(&acc_p);
    gc_g1xyzz_inf(&acc_x);
    int hits = 0;
    for (int j = 0; j < 200; j++) {
        unsigned k = (unsigned)(random_fr().l[0] % 7u); /* 0 .. 6: small, so collisions happen */
        gc_u32 kl[1] = {k};
        gc_g1p_mul_limbs(&kb, &g, kl, 1);
        gc_g1a ka;
        gc_g1p_to_affine(&ka, &kb);
        if (j % 3 == 0) { /* a doubling now and then, as between a comb's columns */
            gc_g1p_dbl(&acc_p, &acc_p);
            gc_g1xyzz_dbl(&acc_x, &acc_x);
        }
        if (j % 11 == 5) { /* and back to a small multiple: -acc, so that acc + k B meets O */
            gc_g1p_inf(&acc_p);
            gc_g1p_add(&acc_p, &acc_p, &kb);
            gc_g1p_neg(&acc_p, &acc_p);
            gc_g1xyzz_inf(&acc_x);
            gc_g1a neg = ka;
            if (!gc_g1a_is_inf(&neg)) gc_fp_neg(&neg.y, &neg.y);
            gc_g1xyzz_add_affine(&acc_x, &acc_x, &neg);
        }
        gc_g1p before;
        gc_g1xyzz_to_projective(&before, &acc_x);
        gc_g1p sum_check;
        gc_g1p_add(&sum_check, &before, &kb);
        hits += gc_g1p_is_inf(&sum_check) || gc_g1p_eq(&before, &kb);
        gc_g1p_add_affine(&acc_p, &acc_p, &ka);
        gc_g1xyzz_add_affine(&acc_x, &acc_x, &ka);
        gc_g1p got;
        gc_g1xyzz_to_projective(&got, &acc_x);
        CHECKF(gc_g1p_eq(&got, &acc_p), "xyzz chain step %d", j);
    }
    CHECKF(hits >= 3, "the chain met the special cases (%d times)", hits);
}

static void test_add_vectors(void) {
    for (size_t i = 0; i < gc_bls_g1_add_vector_count; i++) {
        const gc_bls_g1_add_vec *v = &gc_bls_g1_add_vectors[i];
        gc_g1p p = point_hex(v->p), q = point_hex(v->q), r;
        char hex[97];
        gc_g1p_add(&r, &p, &q);
        compress_p(hex, &r);
        CHECKF(strcmp(hex, v->sum) == 0, "add vector %zu: got %s want %s", i, hex, v->sum);
        gc_g1p_add(&r, &q, &p);
        compress_p(hex, &r);
        CHECKF(strcmp(hex, v->sum) == 0, "add vector %zu commuted", i);
        gc_g1a qa;
        gc_g1p_to_affine(&qa, &q);
        gc_g1p_add_affine(&r, &p, &qa);
        compress_p(hex, &r);
        CHECKF(strcmp(hex, v->sum) == 0, "add_affine vector %zu: got %s", i, hex);
        gc_g1p_dbl(&r, &p);
        compress_p(hex, &r);
        CHECKF(strcmp(hex, v->dbl) == 0, "dbl vector %zu: got %s want %s", i, hex, v->dbl);
        gc_g1p_add(&r, &p, &p);
        compress_p(hex, &r);
        CHECKF(strcmp(hex, v->dbl) == 0, "add(P, P) vector %zu", i);
        test_xyzz_vector(i, &p, &q, v->sum, v->dbl);
        test_jac_vector(i, &p, &q, v->sum, v->dbl);
    }
}

static void test_invalid_vectors(void) {
    for (size_t i = 0; i < gc_bls_g1_invalid_vector_count; i++) {
        const gc_bls_g1_invalid_vec *v = &gc_bls_g1_invalid_vectors[i];
        unsigned char enc[48];
        gc_g1a a;
        gc_bls_hex_decode(enc, 48, v->encoding);
        int err = gc_g1a_decompress(&a, enc, 1);
        CHECKF(err == v->error, "invalid vector %zu (%s): got error %d want %d", i, v->encoding, err, v->error);
        CHECKF(gc_g1a_is_inf(&a), "rejected decode leaves infinity");
        if (v->error == GC_G1_ERR_NOT_IN_SUBGROUP) {
            /* without the subgroup check it decodes to a curve point outside G1 */
            CHECKF(gc_g1a_decompress(&a, enc, 0) == GC_G1_OK, "non-subgroup point decodes unchecked");
            gc_g1p p;
            gc_g1p_from_affine(&p, &a);
            CHECKF(gc_g1p_is_on_curve(&p) && !gc_g1p_in_subgroup(&p), "on curve, outside G1");
        }
    }
    /* the canonical encoding of infinity, and round trips of valid encodings */
    unsigned char enc[48] = {0xc0}, out[48];
    gc_g1a a;
    CHECKF(gc_g1a_decompress(&a, enc, 1) == GC_G1_OK && gc_g1a_is_inf(&a), "infinity decodes");
    gc_g1a_compress(out, &a);
    CHECKF(memcmp(enc, out, 48) == 0, "infinity re-encodes");
    for (size_t i = 0; i < gc_bls_g1_mul_vector_count; i++) {
        gc_bls_hex_decode(enc, 48, gc_bls_g1_mul_vectors[i].result);
        CHECKF(gc_g1a_decompress(&a, enc, 1) == GC_G1_OK, "valid vector %zu decodes", i);
        gc_g1a_compress(out, &a);
        CHECKF(memcmp(enc, out, 48) == 0, "round trip %zu", i);
        /* flipping the sign flag gives the negated point, also valid */
        enc[0] ^= 0x20;
        if (!gc_g1a_is_inf(&a)) {
            gc_g1a b;
            CHECKF(gc_g1a_decompress(&b, enc, 1) == GC_G1_OK, "negated decodes");
            gc_fp ny;
            gc_fp_neg(&ny, &a.y);
            CHECKF(gc_fp_eq(&b.x, &a.x) && gc_fp_eq(&b.y, &ny), "sign flag selects -y");
        }
    }
}

static void test_group_laws(int rounds) {
    gc_g1p g, inf;
    gc_g1p_generator(&g);
    gc_g1p_inf(&inf);
    for (int t = 0; t < rounds; t++) {
        gc_fr a = random_fr(), b = random_fr(), c;
        gc_g1p pa, pb, pc, l, r, s;
        gc_g1p_mul(&pa, &g, &a);
        gc_g1p_mul(&pb, &g, &b);
        /* (a + b) G = aG + bG */
        gc_fr_add(&c, &a, &b);
        gc_g1p_mul(&l, &g, &c);
        gc_g1p_add(&r, &pa, &pb);
        CHECKF(gc_g1p_eq(&l, &r), "(a+b)G = aG + bG");
        /* (a b) G = a (b G) */
        gc_fr_mul(&c, &a, &b);
        gc_g1p_mul(&l, &g, &c);
        gc_g1p_mul(&r, &pb, &a);
        CHECKF(gc_g1p_eq(&l, &r), "(ab)G = a(bG)");
        /* associativity with a third point, and identity / inverse */
        gc_g1p_mul(&pc, &pa, &b);
        gc_g1p_add(&l, &pa, &pb);
        gc_g1p_add(&l, &l, &pc);
        gc_g1p_add(&r, &pb, &pc);
        gc_g1p_add(&r, &pa, &r);
        CHECKF(gc_g1p_eq(&l, &r), "associativity");
        gc_g1p_add(&s, &pa, &inf);
        CHECKF(gc_g1p_eq(&s, &pa), "P + O = P");
        gc_g1p_neg(&s, &pa);
        gc_g1p_add(&s, &s, &pa);
        CHECKF(gc_g1p_is_inf(&s) && gc_g1p_is_on_curve(&s), "P - P = O");
        /* a rescaled representative is the same point */
        gc_fp lambda;
        gc_fp_from_u32(&lambda, 12345u + (unsigned)t);
        s = pa;
        gc_fp_mul(&s.x, &s.x, &lambda);
        gc_fp_mul(&s.y, &s.y, &lambda);
        gc_fp_mul(&s.z, &s.z, &lambda);
        CHECKF(gc_g1p_eq(&s, &pa) && !gc_g1p_eq(&s, &pb), "projective equality");
        CHECKF(gc_g1p_is_on_curve(&l) && gc_g1p_is_on_curve(&s), "results on curve");
    }
    /* scalar multiplication vs repeated addition (mixed and projective) */
    gc_g1p acc, acc2, m;
    gc_g1a ga;
    gc_g1p_to_affine(&ga, &g);
    gc_g1p_inf(&acc);
    gc_g1p_inf(&acc2);
    for (uint32_t k = 0; k < 40; k++) {
        gc_fr kf;
        gc_fr_from_u32(&kf, k);
        gc_g1p_mul(&m, &g, &kf);
        CHECKF(gc_g1p_eq(&m, &acc) || (gc_g1p_is_inf(&m) && gc_g1p_is_inf(&acc)), "kG = G+...+G, k=%u", k);
        CHECKF(gc_g1p_eq(&acc, &acc2) || k == 0, "mixed and projective sums agree, k=%u", k);
        gc_g1p_add(&acc, &acc, &g);
        gc_g1p_add_affine(&acc2, &acc2, &ga);
    }
}

/* The GLV product with wNAF digits (glv.gc, gc_glv_wnaf_digits) against plain
 * double-and-add, and the digits' own form (odd, at most 15, four zeros after each): random scalars,
 * the edges 0, 1, r - 1, z^2 - 1, z^2 (k1 or k2 zero), and every twiddle of a size-128
 * FFT (what the FK20 G1 FFTs multiply by). */
static void test_glv(int rounds) {
    gc_g1p g, p, want, got;
    gc_g1p_generator(&g);
    gc_fr k = random_fr();
    gc_g1p_mul(&p, &g, &k); /* a base other than the generator */
    gc_fr scalars[64 + 8];
    int n = 0;
    gc_fr_fft_twiddles(scalars, 7, 0);
    n = 64;
    gc_fr raw;
    gc_fr_zero(&raw);
    gc_fr_to_mont(&scalars[n++], &raw); /* 0 */
    gc_fr_one(&scalars[n++]);
    gc_fr_neg(&scalars[n], &scalars[n - 1]); /* r - 1 */
    n++;
    uint32_t z2[4] = GC_GLV_Z2_LIMBS;
    for (int i = 0; i < 4; i++) raw.l[i] = z2[i];
    gc_fr_to_mont(&scalars[n++], &raw); /* z^2: k1 = 0 */
    raw.l[0] = 0xffffffffu; /* z^2 - 1 (z^2's low limb is 0, its next 1) */
    raw.l[1] = 0;
    gc_fr_to_mont(&scalars[n++], &raw); /* z^2 - 1: k2 = 0 */
    gc_g1p inf;
    gc_g1p_inf(&inf);
    unsigned char some_digits[2 * GC_GLV_DIGITS];
    gc_glv_wnaf_digits(some_digits, &scalars[1]);
    gc_g1p_mul_glv_wnaf(&got, &inf, some_digits);
    CHECKF(gc_g1p_is_inf(&got), "GLV product of infinity");
    gc_g1p_mul_glv_wnaf_jac(&got, &inf, some_digits);
    CHECKF(gc_g1p_is_inf(&got), "GLV product of infinity in Jacobian");
    for (int t = 0; t < n + rounds; t++) {
        gc_fr s = t < n ? scalars[t] : random_fr();
        uint32_t split[8];
        unsigned char digits[2 * GC_GLV_DIGITS];
        gc_fr_glv_split(split, &s);
        gc_glv_wnaf_digits(digits, &s);
        gc_g1p_mul(&want, &p, &s);
        gc_g1p_mul_glv_wnaf(&got, &p, digits);
        CHECKF(gc_g1p_eq(&want, &got) || (gc_g1p_is_inf(&want) && gc_g1p_is_inf(&got)), "GLV product, scalar %d", t);
        unsigned char digits4[2 * GC_GLV_DIGITS]; /* width 4, one piece: the convolution's form */
        gc_glv_wnaf_digits_parts(digits4, 1, 4, &s);
        gc_g1p_mul_glv_wnaf4(&got, &p, digits4);
        CHECKF(gc_g1p_eq(&want, &got) || (gc_g1p_is_inf(&want) && gc_g1p_is_inf(&got)),
               "GLV product with width-4 digits and 4 odd multiples, scalar %d", t);
        gc_g1p_mul_glv_wnaf_jac(&got, &p, digits);
        CHECKF(gc_g1p_eq(&want, &got) || (gc_g1p_is_inf(&want) && gc_g1p_is_inf(&got)),
               "GLV product in Jacobian, scalar %d", t);
        CHECKF(split[3] <= 0xac45a401u && split[7] <= 0xac45a401u, "GLV halves below z^2, scalar %d", t);
        int well_formed = 1, gap = 4;
        for (int i = 0; i < 2 * GC_GLV_DIGITS; i++) {
            unsigned d = digits[i];
            if (i % GC_GLV_DIGITS == 0) gap = 4; /* each half on its own */
            if (d && ((d & ~(GC_GLV_DIGIT_SET | GC_GLV_DIGIT_NEG | (GC_GLV_ODD - 1u))) || !(d & GC_GLV_DIGIT_SET) || gap < 4))
                well_formed = 0;
            gap = d ? 0 : gap + 1;
        }
        CHECKF(well_formed, "wNAF digits well formed, scalar %d", t);
    }
}

static void test_batch_affine(void) {
    enum { N = 9 };
    gc_g1p pts[N];
    gc_g1a a[N], b;
    gc_g1p g;
    gc_g1p_generator(&g);
    for (int i = 0; i < N; i++) {
        gc_fr k = random_fr();
        if (i == 3 || i == 7) gc_g1p_inf(&pts[i]);
        else gc_g1p_mul(&pts[i], &g, &k);
    }
    gc_g1p_batch_to_affine(a, pts, N);
    for (int i = 0; i < N; i++) {
        gc_g1p_to_affine(&b, &pts[i]);
        CHECKF(memcmp(&a[i], &b, sizeof b) == 0, "batch affine %d", i);
    }
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 12;
    test_generator();
    test_mul_vectors();
    test_add_vectors();
    test_xyzz_chain();
    test_invalid_vectors();
    test_group_laws(rounds);
    test_batch_affine();
    test_glv(rounds);
    return UNIT_DONE();
}
