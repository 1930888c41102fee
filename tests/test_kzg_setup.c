/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_setup.c — the trusted-setup loader (crypto/kzg/setup/setup.c) and what it stands on:
 * Fp2 and G2 (crypto/bls12_381/fp2.gc, g2.gc) against py_ecc's known answers
 * (crypto/bls12_381/vectors/{fp2,g2_mul,bad_points,g1_nonmember}.inc, made by
 * tools/gen_g2_vectors.py), the G1 endomorphism subgroup test against [r]P = O, and the
 * loader: the built-in setup, the same text validated fully from the project's copy, and
 * one corruption of each kind, each rejected with its line number.
 * Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "crypto/bls12_381/host.h"
#include "crypto/kzg/setup/setup.h"

#include "unit.h"

#define SETUP_PATH GC_SOURCE_DIR "/crypto/kzg/trusted_setup.txt"

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void hex_of(char *out, const unsigned char *b, size_t n) {
    for (size_t i = 0; i < n; i++) sprintf(out + 2 * i, "%02x", b[i]);
}

static gc_fp2 fp2_hex(const char *hex) {
    unsigned char b[96];
    gc_fp2 r;
    if (!gc_bls_hex_decode(b, 96, hex) || !gc_fp2_from_bytes(&r, b)) {
        printf("FATAL: known answer %s does not decode\n", hex);
        exit(1);
    }
    return r;
}

static gc_fp fp_hex(const char *hex) {
    unsigned char b[48];
    gc_fp r;
    if (!gc_bls_hex_decode(b, 48, hex) || !gc_fp_from_bytes(&r, b)) {
        printf("FATAL: known answer %s does not decode\n", hex);
        exit(1);
    }
    return r;
}

static void compress_g2(char hex[193], const gc_g2p *p) {
    gc_g2a a;
    unsigned char enc[96];
    gc_g2p_to_affine(&a, p);
    gc_g2a_compress(enc, &a);
    hex_of(hex, enc, 96);
}

/* ---- known answers ---------------------------------------------------------------- */

typedef struct {
    const char *a, *b, *ab, *a2, *ainv;
} fp2_vec;
static const fp2_vec fp2_vectors[] = {
#define GC_BLS_FP2(a, b, ab, a2, ainv) {a, b, ab, a2, ainv},
#include "crypto/bls12_381/vectors/fp2.inc"
#undef GC_BLS_FP2
};

typedef struct {
    const char *k, *result, *xc0, *xc1, *yc0, *yc1;
} g2_mul_vec;
static const g2_mul_vec g2_mul_vectors[] = {
#define GC_BLS_G2_MUL(k, res, xc0, xc1, yc0, yc1) {k, res, xc0, xc1, yc0, yc1},
#include "crypto/bls12_381/vectors/g2_mul.inc"
#undef GC_BLS_G2_MUL
};

typedef struct {
    int group, error;
    const char *encoding;
} bad_point_vec;
static const bad_point_vec bad_points[] = {
#define GC_BLS_BAD_POINT(group, kind, enc) {group, GC_G##group##_ERR_##kind, enc},
#include "crypto/bls12_381/vectors/bad_points.inc"
#undef GC_BLS_BAD_POINT
};

static const char *const g1_nonmembers[] = {
#define GC_BLS_G1_NONMEMBER(enc) enc,
#include "crypto/bls12_381/vectors/g1_nonmember.inc"
#undef GC_BLS_G1_NONMEMBER
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The first bad encoding of a group and kind. */
static const char *bad_point(int group, int error) {
    for (size_t i = 0; i < COUNT(bad_points); i++)
        if (bad_points[i].group == group && bad_points[i].error == error) return bad_points[i].encoding;
    printf("FATAL: no bad point G%d error %d\n", group, error);
    exit(1);
}

static void test_fp2__matches_py_ecc(void) {
    for (size_t i = 0; i < COUNT(fp2_vectors); i++) {
        const fp2_vec *v = &fp2_vectors[i];
        gc_fp2 a = fp2_hex(v->a), b = fp2_hex(v->b), ab = fp2_hex(v->ab), a2 = fp2_hex(v->a2),
               ainv = fp2_hex(v->ainv), r, one;
        gc_fp2_mul(&r, &a, &b);
        CHECKF(gc_fp2_eq(&r, &ab), "fp2 vector %zu: a*b", i);
        gc_fp2_mul(&r, &b, &a);
        CHECKF(gc_fp2_eq(&r, &ab), "fp2 vector %zu: b*a", i);
        gc_fp2_sqr(&r, &a);
        CHECKF(gc_fp2_eq(&r, &a2), "fp2 vector %zu: a^2", i);
        gc_fp2_inv(&r, &a);
        CHECKF(gc_fp2_eq(&r, &ainv), "fp2 vector %zu: 1/a", i);
        gc_fp2_mul(&r, &r, &a);
        gc_fp2_one(&one);
        CHECKF(gc_fp2_eq(&r, &one), "fp2 vector %zu: a/a", i);
        /* sqrt(a^2) = +-a */
        gc_fp2 s, na;
        int ok = gc_fp2_sqrt(&s, &a2);
        gc_fp2_neg(&na, &a);
        CHECKF(ok && (gc_fp2_eq(&s, &a) || gc_fp2_eq(&s, &na)), "fp2 vector %zu: sqrt(a^2)", i);
        /* round trip of the encoding */
        unsigned char enc[96];
        char hex[193];
        gc_fp2_to_bytes(enc, &a);
        hex_of(hex, enc, 96);
        CHECKF(strcmp(hex, v->a) == 0, "fp2 vector %zu: encoding round trip", i);
    }
    /* both square-root branches: u^2 = -1 (alpha = -1 for -1 itself) */
    gc_fp2 m1, s, chk;
    gc_fp2_one(&m1);
    gc_fp2_neg(&m1, &m1);
    CHECKF(gc_fp2_sqrt(&s, &m1), "sqrt(-1) exists in Fp2");
    gc_fp2_sqr(&chk, &s);
    CHECKF(gc_fp2_eq(&chk, &m1), "sqrt(-1)^2 = -1");
    /* a non-square: x^3 + b for an x off the twist (from py_ecc) */
    unsigned char enc[96];
    gc_bls_hex_decode(enc, 96, bad_point(2, GC_G2_ERR_NOT_ON_CURVE));
    enc[0] &= 0x1f;
    gc_fp2 x, t, b;
    CHECK(gc_fp2_from_bytes(&x, enc));
    gc_fp2_sqr(&t, &x);
    gc_fp2_mul(&t, &t, &x);
    gc_fp2_one(&b);
    gc_g2__mul_by_b(&b, &b, GC_G2_B);
    gc_fp2_add(&t, &t, &b);
    CHECKF(!gc_fp2_sqrt(&s, &t), "non-square has no root");
    /* c1 >= p and c0 >= p are rejected */
    memset(enc, 0, sizeof enc);
    gc_mp_to_be(enc, gc_fp_mod, GC_FP_LIMBS);
    CHECKF(!gc_fp2_from_bytes(&x, enc), "c1 = p rejected");
    memset(enc, 0, sizeof enc);
    gc_mp_to_be(enc + 48, gc_fp_mod, GC_FP_LIMBS);
    CHECKF(!gc_fp2_from_bytes(&x, enc), "c0 = p rejected");
}

static void test_fp2_sign__c1_first_then_c0(void) {
    gc_fp2 a;
    gc_fp one, m1;
    gc_fp_one(&one);
    gc_fp_neg(&m1, &one); /* p - 1: the larger half */
    a.c0 = m1, gc_fp_zero(&a.c1);
    CHECKF(gc_fp2_sign(&a) == 1, "sign(p-1 + 0u) = 1 (c1 = 0: c0 decides)");
    a.c0 = one, gc_fp_zero(&a.c1);
    CHECKF(gc_fp2_sign(&a) == 0, "sign(1 + 0u) = 0");
    a.c0 = m1, a.c1 = one;
    CHECKF(gc_fp2_sign(&a) == 0, "sign(p-1 + 1u) = 0 (c1 decides)");
    a.c0 = one, a.c1 = m1;
    CHECKF(gc_fp2_sign(&a) == 1, "sign(1 + (p-1)u) = 1");
    gc_fp2_zero(&a);
    CHECKF(gc_fp2_sign(&a) == 0, "sign(0) = 0");
}

static void test_g2__matches_py_ecc(void) {
    gc_g2p g, inf;
    gc_g2p_generator(&g);
    gc_g2p_inf(&inf);
    CHECKF(gc_g2p_is_on_curve(&g) && gc_g2p_in_subgroup(&g), "G2 generator valid");
    CHECKF(gc_g2p_is_on_curve(&inf) && gc_g2p_in_subgroup(&inf), "G2 infinity valid");
    char hex[193];
    compress_g2(hex, &g);
    CHECKF(strcmp(hex, g2_mul_vectors[0].result) == 0, "compress(G2) = %s", hex); /* k = 1 */
    gc_g2p bad = g;
    gc_fp2 one;
    gc_fp2_one(&one);
    gc_fp2_add(&bad.y, &bad.y, &one);
    CHECKF(!gc_g2p_is_on_curve(&bad), "perturbed G2 point off the twist");

    gc_g2p mults[4]; /* [1]G .. [3]G from the vectors, [0] unused */
    memset(mults, 0, sizeof mults);
    for (size_t i = 0; i < COUNT(g2_mul_vectors); i++) {
        const g2_mul_vec *v = &g2_mul_vectors[i];
        unsigned char kb[32], enc[96];
        gc_u32 k[8];
        gc_bls_hex_decode(kb, 32, v->k);
        gc_mp_from_be(k, kb, 8);
        gc_g2p r;
        gc_g2p_mul_limbs(&r, &g, k, 8);
        compress_g2(hex, &r);
        CHECKF(strcmp(hex, v->result) == 0, "G2 mul vector %zu: got %s want %s", i, hex, v->result);
        gc_g2a a, d;
        gc_g2p_to_affine(&a, &r);
        gc_fp2 x = {fp_hex(v->xc0), fp_hex(v->xc1)}, y = {fp_hex(v->yc0), fp_hex(v->yc1)};
        CHECKF(gc_fp2_eq(&a.x, &x) && gc_fp2_eq(&a.y, &y), "G2 mul vector %zu: affine coordinates", i);
        gc_bls_hex_decode(enc, 96, v->result);
        CHECKF(gc_g2a_decompress(&d, enc, 1) == GC_G2_OK && gc_fp2_eq(&d.x, &x) && gc_fp2_eq(&d.y, &y),
               "G2 mul vector %zu decompresses to its coordinates", i);
        if (k[0] <= 3 && k[1] == 0 && k[7] == 0) mults[k[0]] = r;
    }
    gc_g2p s;
    gc_g2p_dbl(&s, &mults[1]);
    CHECKF(gc_g2p_eq(&s, &mults[2]), "dbl(G) = [2]G");
    gc_g2p_add(&s, &mults[1], &mults[1]);
    CHECKF(gc_g2p_eq(&s, &mults[2]), "G + G = [2]G (complete addition)");
    gc_g2p_add(&s, &mults[1], &mults[2]);
    CHECKF(gc_g2p_eq(&s, &mults[3]), "G + [2]G = [3]G");
    gc_g2p_neg(&s, &mults[3]);
    gc_g2p_add(&s, &s, &mults[3]);
    CHECKF(gc_g2p_is_inf(&s), "[3]G - [3]G = O");
    gc_g2p_add(&s, &inf, &mults[3]);
    CHECKF(gc_g2p_eq(&s, &mults[3]), "O + [3]G = [3]G");
    /* infinity's encoding */
    gc_g2a ia;
    unsigned char enc[96];
    gc_g2a_inf(&ia);
    gc_g2a_compress(enc, &ia);
    CHECKF(enc[0] == 0xc0, "infinity encodes with 0xc0");
    CHECKF(gc_g2a_decompress(&ia, enc, 1) == GC_G2_OK && gc_g2a_is_inf(&ia), "infinity decodes");
}

static void test_bad_points__rejected_with_their_code(void) {
    for (size_t i = 0; i < COUNT(bad_points); i++) {
        const bad_point_vec *v = &bad_points[i];
        unsigned char enc[96];
        int got;
        if (v->group == 1) {
            gc_g1a a;
            gc_bls_hex_decode(enc, 48, v->encoding);
            got = gc_g1a_decompress(&a, enc, 1);
            CHECKF(gc_g1a_is_inf(&a), "rejected G1 decode leaves infinity");
            if (v->error == GC_G1_ERR_NOT_IN_SUBGROUP) {
                /* on the curve: decodes unchecked, fails both subgroup tests */
                CHECKF(gc_g1a_decompress(&a, enc, 0) == GC_G1_OK, "G1 non-member decodes unchecked");
                gc_g1p p;
                gc_g1p_from_affine(&p, &a);
                CHECKF(gc_g1p_is_on_curve(&p) && !gc_g1p_in_subgroup_endo(&p), "G1 non-member: endo test");
            }
        } else {
            gc_g2a a;
            gc_bls_hex_decode(enc, 96, v->encoding);
            got = gc_g2a_decompress(&a, enc, 1);
            CHECKF(gc_g2a_is_inf(&a), "rejected G2 decode leaves infinity");
            if (v->error == GC_G2_ERR_NOT_IN_SUBGROUP) {
                CHECKF(gc_g2a_decompress(&a, enc, 0) == GC_G2_OK, "G2 non-member decodes unchecked");
                CHECKF(gc_g2a_is_on_curve(&a), "G2 non-member on the twist");
            }
        }
        CHECKF(got == v->error, "bad point %zu (G%d): got %d want %d", i, v->group, got, v->error);
    }
}

/* Scott's test agrees with [r]P = O on members and on non-members (the order-3 point
 * (0, 2) among them), and the other cube root of unity would not do. */
static void test_g1_endo__agrees_with_order_check(void) {
    for (size_t i = 0; i < gc_bls_g1_mul_vector_count; i++) {
        gc_g1p p;
        if (!gc_bls_g1p_from_hex(&p, gc_bls_g1_mul_vectors[i].result)) continue;
        CHECKF(gc_g1p_in_subgroup_endo(&p) && gc_g1p_in_subgroup(&p), "G1 member %zu passes both tests", i);
    }
    for (size_t i = 0; i < COUNT(g1_nonmembers); i++) {
        gc_g1p p;
        CHECKF(gc_bls_g1p_from_hex(&p, g1_nonmembers[i]), "non-member %zu decodes", i);
        CHECKF(gc_g1p_is_on_curve(&p), "non-member %zu on the curve", i);
        CHECKF(!gc_g1p_in_subgroup(&p), "non-member %zu fails [r]P = O", i);
        CHECKF(!gc_g1p_in_subgroup_endo(&p), "non-member %zu fails the endomorphism test", i);
    }
    /* with beta^2 in place of beta the identity fails on the generator */
    gc_g1p g, phi2, q;
    gc_g1p_generator(&g);
    gc_fp beta;
    for (int i = 0; i < GC_FP_LIMBS; i++) beta.l[i] = gc_g1_beta_mont[i];
    gc_fp_sqr(&beta, &beta);
    phi2 = g;
    gc_fp_mul(&phi2.x, &g.x, &beta);
    gc_u32 z[2] = {GC_BLS_X_ABS_LO, GC_BLS_X_ABS_HI};
    gc_g1p_mul_limbs(&q, &g, z, 2);
    gc_g1p_mul_limbs(&q, &q, z, 2);
    gc_g1p_neg(&q, &q);
    CHECKF(!gc_g1p_eq(&phi2, &q), "the other cube root has the other eigenvalue");
    gc_g1p_phi(&phi2, &g);
    CHECKF(gc_g1p_eq(&phi2, &q), "phi(G) = -[x^2]G");
}

/* ---- the loader ------------------------------------------------------------------- */

static char *g_text; /* the project's copy of the setup */
static size_t g_text_len;
static gc_kzg_setup *g_default;

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    if (b) b[n] = '\0', *len = (size_t)n;
    return b;
}

/* A copy of the setup text with line `line` (1-based) replaced by `repl` (NULL: the
 * text up to and without that line). */
static char *with_line(size_t line, const char *repl) {
    const char *p = g_text;
    for (size_t l = 1; l < line; l++) p = strchr(p, '\n') + 1;
    const char *end = strchr(p, '\n');
    size_t head = (size_t)(p - g_text);
    char *out = malloc(g_text_len + (repl ? strlen(repl) : 0) + 1);
    memcpy(out, g_text, head);
    if (!repl) {
        out[head] = '\0';
        return out;
    }
    strcpy(out + head, repl);
    strcat(out, end);
    return out;
}

static char *replace_line_in(char *text, size_t line, const char *repl) {
    char *saved = g_text;
    size_t saved_len = g_text_len;
    g_text = text, g_text_len = strlen(text);
    char *r = with_line(line, repl);
    g_text = saved, g_text_len = saved_len;
    free(text);
    return r;
}

/* Load `text` (full validation unless subgroups == 0) and expect GC_KZG_SETUP with an
 * error that starts with `want`. */
static void expect_reject(const char *what, const char *text, int subgroups, unsigned threads, const char *want) {
    gc_kzg_setup *s = (gc_kzg_setup *)1;
    char err[256];
    gc_kzg_ret r = gc_kzg_setup_load_text(&s, text, strlen(text), subgroups, threads, NULL, err, sizeof err);
    CHECKF(r == GC_KZG_SETUP && s == NULL, "%s: got %s", what, gc_kzg_ret_name(r));
    CHECKF(strncmp(err, want, strlen(want)) == 0, "%s: error \"%s\", want \"%s...\"", what, err, want);
    if (r == GC_KZG_OK) gc_kzg_setup_free(s);
}

static void test_load_default__loads_with_pinned_digest(void) {
    char err[256] = "x";
    double t0 = now_ms();
    gc_kzg_ret r = gc_kzg_setup_load_default(&g_default, err, sizeof err);
    double t1 = now_ms();
    CHECKF(r == GC_KZG_OK, "load_default: %s %s", gc_kzg_ret_name(r), err);
    if (r != GC_KZG_OK) exit(UNIT_DONE());
    printf("load_default: %.0f ms (this build)\n", t1 - t0);
    CHECKF(err[0] == '\0', "no error text on success");
    CHECKF(strcmp(gc_kzg_setup_digest(g_default), GC_KZG_DEFAULT_SETUP_DIGEST) == 0, "digest %s",
           gc_kzg_setup_digest(g_default));
    /* [s^0] = the generators */
    gc_g1p g1, p1;
    gc_g1p_generator(&g1);
    gc_g1p_from_affine(&p1, &g_default->g1_monomial[0]);
    CHECKF(gc_g1p_eq(&g1, &p1), "g1_monomial[0] = G1");
    gc_g2p g2, p2;
    gc_g2p_generator(&g2);
    gc_g2p_from_affine(&p2, &g_default->g2_monomial[0]);
    CHECKF(gc_g2p_eq(&g2, &p2), "g2_monomial[0] = G2");
    /* the points are those of the file, in its order (spot checks by recompression) */
    size_t lines[] = {3, 4, 4098, 4099, 4163, 4164, 8259};
    for (size_t i = 0; i < COUNT(lines); i++) {
        size_t l = lines[i], idx = l - 3;
        unsigned char enc[96];
        char hex[193];
        if (idx < 4096) gc_g1a_compress(enc, &g_default->g1_lagrange[idx]), hex_of(hex, enc, 48);
        else if (idx < 4161) gc_g2a_compress(enc, &g_default->g2_monomial[idx - 4096]), hex_of(hex, enc, 96);
        else gc_g1a_compress(enc, &g_default->g1_monomial[idx - 4161]), hex_of(hex, enc, 48);
        const char *p = g_text;
        for (size_t k = 1; k < l; k++) p = strchr(p, '\n') + 1;
        CHECKF(strncmp(p, hex, strlen(hex)) == 0, "line %zu recompresses to the file's text", l);
    }
}

/* The embedded text is the project's file, and that file passes the full validation
 * (every subgroup check) and loads to the very same points: this is what lets
 * load_default skip the subgroup checks. */
static void test_load_file__copy_validates_fully_and_loads_identically(void) {
    CHECKF(gc_kzg_default_setup_len == g_text_len && memcmp(gc_kzg_default_setup_text, g_text, g_text_len) == 0,
           "embedded text = %s", SETUP_PATH);
    gc_kzg_setup *s = NULL;
    char err[256];
    double t0 = now_ms();
    gc_kzg_ret r = gc_kzg_setup_load_file(&s, SETUP_PATH, err, sizeof err);
    double t1 = now_ms();
    CHECKF(r == GC_KZG_OK, "load_file: %s %s", gc_kzg_ret_name(r), err);
    if (r != GC_KZG_OK) return;
    printf("load_file (full validation): %.0f ms (this build)\n", t1 - t0);
    CHECKF(memcmp(s, g_default, sizeof *s) == 0, "file and default load identically");
    gc_kzg_setup_free(s);
}

/* The digest of `text` as pass 1 computes it, without pass 2: a load that expects
 * another digest fails before the points and names the digest found. "" if the text
 * does not parse. */
static void digest_of_text(char out[65], const char *text) {
    gc_kzg_setup *s = NULL;
    char err[256];
    const char *zero = "0000000000000000000000000000000000000000000000000000000000000000";
    out[0] = '\0';
    if (gc_kzg_setup_load_text(&s, text, strlen(text), 0, 0, zero, err, sizeof err) != GC_KZG_ERROR) return;
    const char *d = strstr(err, "digest ");
    if (d && strlen(d) >= 7 + 64) memcpy(out, d + 7, 64), out[64] = '\0';
}

/* Whitespace variants and uppercase hex decode to the same bytes, so to the same points
 * (pass 2 is a function of those bytes): same digest. */
static void test_load__tolerates_crlf_trailing_space_and_case(void) {
    size_t n = g_text_len;
    char *crlf = malloc(4 * n + 16), *p = crlf;
    for (size_t i = 0; i < n; i++) {
        if (g_text[i] == '\n') *p++ = ' ', *p++ = '\t', *p++ = '\r';
        *p++ = (char)(i > 10 && i < 4000 && g_text[i] >= 'a' && g_text[i] <= 'f' ? g_text[i] - 32 : g_text[i]);
    }
    strcpy(p, "\n \r\n"); /* trailing blank lines */
    char *nofinal = malloc(n + 1);
    memcpy(nofinal, g_text, n - 1); /* without the final newline */
    nofinal[n - 1] = '\0';
    const char *texts[] = {g_text, crlf, nofinal};
    for (size_t i = 0; i < 3; i++) {
        char d[65];
        digest_of_text(d, texts[i]);
        CHECKF(strcmp(d, GC_KZG_DEFAULT_SETUP_DIGEST) == 0, "variant %zu: digest \"%s\"", i, d);
    }
    free(crlf);
    free(nofinal);
}

static void test_load__rejects_each_corruption_at_its_line(void) {
    char *t;
    char g1_line[97];
    memcpy(g1_line, g_text + 8, 96); /* line 3 */
    g1_line[96] = '\0';

    /* counts */
    expect_reject("G1 count", t = with_line(1, "4095"), 1, 0, "line 1: expected the number of G1 points, 4096");
    free(t);
    expect_reject("G2 count", t = with_line(2, "64"), 1, 0, "line 2: expected the number of G2 points, 65");
    free(t);
    expect_reject("count with a sign", t = with_line(1, "+4096"), 1, 0, "line 1: expected");
    free(t);
    expect_reject("empty text", "", 1, 0, "line 1: the text ends early");
    /* short file */
    expect_reject("short file", t = with_line(5001, NULL), 1, 0, "line 5001: the text ends early");
    free(t);
    expect_reject("one line short", t = with_line(8259, NULL), 1, 0, "line 8259: the text ends early");
    free(t);
    /* hex */
    char bad[200];
    strcpy(bad, g1_line);
    bad[4] = 'g';
    expect_reject("bad hex digit", t = with_line(17, bad), 1, 0, "line 17: bad hex digit at column 5");
    free(t);
    strcpy(bad, g1_line);
    memmove(bad + 1, bad, 97);
    bad[0] = ' ';
    expect_reject("leading space", t = with_line(17, bad), 1, 0, "line 17: bad hex digit at column 1");
    free(t);
    strcpy(bad, "0x");
    strcat(bad, g1_line + 2);
    expect_reject("0x prefix", t = with_line(17, bad), 1, 0, "line 17: bad hex digit at column 2");
    free(t);
    /* lengths */
    strcpy(bad, g1_line);
    bad[95] = '\0';
    expect_reject("short G1 line", t = with_line(17, bad), 1, 0, "line 17: expected 96 hex digits");
    free(t);
    strcpy(bad, g1_line);
    strcat(bad, "00");
    expect_reject("long G1 line", t = with_line(17, bad), 1, 0, "line 17: expected 96 hex digits");
    free(t);
    expect_reject("empty line", t = with_line(17, ""), 1, 0, "line 17: expected 96 hex digits");
    free(t);
    expect_reject("G1 in a G2 line", t = with_line(4100, g1_line), 1, 0, "line 4100: expected 192 hex digits");
    free(t);
    /* text after the last point */
    size_t n = g_text_len;
    t = malloc(n + 8);
    memcpy(t, g_text, n);
    strcpy(t + n, "\n00\n");
    expect_reject("trailing text", t, 1, 0, "line 8261: unexpected text after the last point");
    free(t);
    /* points */
    expect_reject("G1 x >= p", t = with_line(17, bad_point(1, GC_G1_ERR_X_RANGE)), 1, 0,
                  "line 17: G1 point has a coordinate >= p");
    free(t);
    expect_reject("G1 flags", t = with_line(17, bad_point(1, GC_G1_ERR_FLAGS)), 1, 0,
                  "line 17: G1 point has bad flag bits");
    free(t);
    expect_reject("G1 not on curve", t = with_line(17, bad_point(1, GC_G1_ERR_NOT_ON_CURVE)), 1, 0,
                  "line 17: G1 point not on the curve");
    free(t);
    expect_reject("G1 not in subgroup", t = with_line(17, bad_point(1, GC_G1_ERR_NOT_IN_SUBGROUP)), 1, 0,
                  "line 17: G1 point not in the subgroup");
    free(t);
    /* the first bad line in file order, whatever the number of threads */
    t = with_line(40, bad_point(1, GC_G1_ERR_NOT_ON_CURVE));
    t = replace_line_in(t, 23, bad_point(1, GC_G1_ERR_NOT_IN_SUBGROUP));
    unsigned threads[] = {1, 2, 5, 16};
    for (size_t i = 0; i < COUNT(threads); i++)
        expect_reject("two bad lines", t, 1, threads[i], "line 23: G1 point not in the subgroup");
    free(t);
    /* G2 points (after all 4096 G1 Lagrange points, so these cost a pass over them) */
    expect_reject("G2 not on curve", t = with_line(4100, bad_point(2, GC_G2_ERR_NOT_ON_CURVE)), 0, 0,
                  "line 4100: G2 point not on the curve");
    free(t);
    expect_reject("G2 c0 >= p", t = with_line(4100, bad_point(2, GC_G2_ERR_X_RANGE)), 0, 0,
                  "line 4100: G2 point has a coordinate >= p");
    free(t);
    expect_reject("G2 not in subgroup", t = with_line(4101, bad_point(2, GC_G2_ERR_NOT_IN_SUBGROUP)), 1, 0,
                  "line 4101: G2 point not in the subgroup");
    free(t);
    /* The monomial G1 points are checked too; infinity is a valid point (lines 17 and
     * 4099 come first in file order and pass). */
    char inf1[97], inf2[193];
    strcpy(inf1, "c0");
    for (int i = 1; i < 48; i++) strcat(inf1, "00");
    strcpy(inf2, "c0");
    for (int i = 1; i < 96; i++) strcat(inf2, "00");
    t = with_line(4164, bad_point(1, GC_G1_ERR_NOT_IN_SUBGROUP));
    t = replace_line_in(t, 17, inf1);
    t = replace_line_in(t, 4099, inf2);
    expect_reject("G1 monomial not in subgroup", t, 1, 0, "line 4164: G1 point not in the subgroup");
    free(t);
}

static void test_load__arguments_and_io(void) {
    gc_kzg_setup *s = (gc_kzg_setup *)1;
    char err[256];
    CHECK(gc_kzg_setup_load_default(NULL, err, sizeof err) == GC_KZG_BADARGS);
    CHECK(gc_kzg_setup_load_file(NULL, SETUP_PATH, err, sizeof err) == GC_KZG_BADARGS);
    CHECK(gc_kzg_setup_load_file(&s, NULL, err, sizeof err) == GC_KZG_BADARGS && s == NULL);
    s = (gc_kzg_setup *)1;
    CHECK(gc_kzg_setup_load_buffer(&s, NULL, 10, err, sizeof err) == GC_KZG_BADARGS && s == NULL);
    CHECK(gc_kzg_setup_load_buffer(NULL, g_text, g_text_len, NULL, 0) == GC_KZG_BADARGS);
    s = (gc_kzg_setup *)1;
    CHECK(gc_kzg_setup_load_buffer(&s, "4096\n", 5, NULL, 0) == GC_KZG_SETUP && s == NULL); /* err NULL */
    CHECK(gc_kzg_setup_load_buffer(&s, "4096\n", 5, err, 1) == GC_KZG_SETUP && err[0] == '\0'); /* err_len 1 */
    CHECK(gc_kzg_setup_load_buffer(&s, "4096\n65\n", 8, err, sizeof err) == GC_KZG_SETUP &&
          strncmp(err, "line 3: the text ends early", 27) == 0);
    gc_kzg_ret r = gc_kzg_setup_load_file(&s, GC_SOURCE_DIR "/no/such/setup.txt", err, sizeof err);
    CHECKF(r == GC_KZG_IO && s == NULL && strstr(err, "no/such/setup.txt"), "missing file: %s %s",
           gc_kzg_ret_name(r), err);
    r = gc_kzg_setup_load_file(&s, GC_SOURCE_DIR "/crypto", err, sizeof err);
    CHECKF(r == GC_KZG_IO && s == NULL, "a directory: %s %s", gc_kzg_ret_name(r), err);
    /* the built-in setup's guard: a text whose digest is not the pinned one is refused
     * before any point is decompressed */
    r = gc_kzg_setup_load_text(&s, g_text, g_text_len, 0, 0,
                               "0000000000000000000000000000000000000000000000000000000000000000", err, sizeof err);
    CHECKF(r == GC_KZG_ERROR && s == NULL && strstr(err, GC_KZG_DEFAULT_SETUP_DIGEST), "digest guard: %s %s",
           gc_kzg_ret_name(r), err);
    gc_kzg_setup_free(NULL);
    CHECK(strcmp(gc_kzg_setup_digest(NULL), "") == 0);
    CHECK(strcmp(gc_kzg_ret_name(GC_KZG_SETUP), "GC_KZG_SETUP") == 0);
    CHECK(strcmp(gc_kzg_ret_name(GC_KZG_IO), "GC_KZG_IO") == 0);
    CHECK(strcmp(gc_kzg_ret_message(GC_KZG_SETUP), "invalid trusted setup") == 0);
    CHECK(strcmp(gc_kzg_ret_name((gc_kzg_ret)99), "GC_KZG_UNKNOWN") == 0);
    CHECK(gc_kzg_ret_message((gc_kzg_ret)-1) != NULL);
}

/* The text with the G1 Lagrange section (lines 3 .. 4098) replaced by the monomial one
 * (after the 65 G2 lines), or, swap = 1, with Lagrange lines 3 and 4 swapped. */
static char *lagrange_variant(int swap) {
    const char *lines[2 * 4096 + 65 + 2];
    size_t n = 0, len[2 * 4096 + 65 + 2];
    for (const char *p = g_text; *p && n < sizeof lines / sizeof lines[0]; n++) {
        const char *e = strchr(p, '\n');
        lines[n] = p, len[n] = e ? (size_t)(e - p) + 1 : strlen(p);
        p += len[n];
    }
    char *out = malloc(g_text_len + 1), *o = out;
    for (size_t i = 0; i < n; i++) {
        size_t from = i;
        if (!swap && i >= 2 && i < 2 + 4096) from = i + 4096 + 65; /* monomial point i - 2 */
        if (swap && (i == 2 || i == 3)) from = 5 - i;
        memcpy(o, lines[from], len[from]);
        o += len[from];
    }
    *o = '\0';
    return out;
}

/* c-kzg's one check of how the sections agree: a Lagrange section of monomial points is
 * refused; two swapped Lagrange points pass (ckzg 2.1.8 loads that setup too). */
static void test_load__refuses_monomial_points_as_lagrange(void) {
    char *mono = lagrange_variant(0), *swapped = lagrange_variant(1), err[256];
    CHECK(strlen(mono) == g_text_len && strlen(swapped) == g_text_len);
    expect_reject("Lagrange section of monomial points", mono, 1, 0, "the G1 Lagrange section holds monomial points");
    gc_kzg_setup *s = NULL;
    gc_kzg_ret r = gc_kzg_setup_load_text(&s, swapped, strlen(swapped), 1, 0, NULL, err, sizeof err);
    CHECKF(r == GC_KZG_OK, "two swapped Lagrange points: %s (%s); c-kzg loads it", gc_kzg_ret_name(r), err);
    gc_kzg_setup_free(s);
    free(mono), free(swapped);
}

int main(void) {
    test_fp2__matches_py_ecc();
    test_fp2_sign__c1_first_then_c0();
    test_g2__matches_py_ecc();
    test_bad_points__rejected_with_their_code();
    test_g1_endo__agrees_with_order_check();
    g_text = read_file(SETUP_PATH, &g_text_len);
    if (!g_text) {
        printf("FATAL: cannot read %s\n", SETUP_PATH);
        return 1;
    }
    test_load_default__loads_with_pinned_digest();
    test_load__arguments_and_io();
    test_load__tolerates_crlf_trailing_space_and_case();
    test_load__rejects_each_corruption_at_its_line();
    test_load_file__copy_validates_fully_and_loads_identically();
    test_load__refuses_monomial_points_as_lagrange();
    gc_kzg_setup_free(g_default);
    free(g_text);
    return UNIT_DONE();
}
