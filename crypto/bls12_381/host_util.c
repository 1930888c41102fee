/* SPDX-License-Identifier: Apache-2.0 */
/* host_util.c — host-side helpers for BLS12-381 (see host.h). */
#include "crypto/bls12_381/host.h"

#include <stdlib.h>
#include <string.h>

#include "common/hex.h"

int gc_bls_hex_decode(unsigned char *out, size_t n, const char *hex) { return gc_hex_decode_exact(out, n, hex); }

uint64_t gc_bls_splitmix64(uint64_t k) {
    uint64_t z = (k + 1) * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void gc_bls_fft_input(gc_fr *out, uint32_t i) {
    gc_fr raw;
    gc_fr_zero(&raw);
    for (int w = 0; w < 3; w++) {
        uint64_t v = gc_bls_splitmix64(3ull * i + (uint64_t)w);
        raw.l[2 * w] = (uint32_t)v;
        raw.l[2 * w + 1] = (uint32_t)(v >> 32);
    }
    gc_fr_to_mont(out, &raw); /* < 2^192 < r: canonical */
}

void gc_g1p_batch_to_affine(gc_g1a *out, const gc_g1p *in, size_t n) {
    /* prefix[i] = product of the non-zero z of in[0..i) */
    gc_fp *prefix = malloc(sizeof(gc_fp) * (n + 1));
    if (!prefix) abort(); /* host helper of tests: out of memory is fatal */
    gc_fp_one(&prefix[0]);
    for (size_t i = 0; i < n; i++) {
        if (gc_g1p_is_inf(&in[i])) prefix[i + 1] = prefix[i];
        else gc_fp_mul(&prefix[i + 1], &prefix[i], &in[i].z);
    }
    gc_fp acc; /* inverse of prefix[i + 1] as i walks down */
    gc_fp_inv(&acc, &prefix[n]);
    for (size_t i = n; i-- > 0;) {
        if (gc_g1p_is_inf(&in[i])) {
            gc_g1a_inf(&out[i]);
            continue;
        }
        gc_fp zi;
        gc_fp_mul(&zi, &acc, &prefix[i]);   /* 1 / z_i */
        gc_fp_mul(&acc, &acc, &in[i].z);    /* 1 / prefix[i] */
        gc_fp_mul(&out[i].x, &in[i].x, &zi);
        gc_fp_mul(&out[i].y, &in[i].y, &zi);
    }
    free(prefix);
}

int gc_bls_g1p_from_hex(gc_g1p *out, const char *hex96) {
    unsigned char enc[GC_G1_COMPRESSED_BYTES];
    gc_g1a a;
    if (!gc_bls_hex_decode(enc, sizeof enc, hex96)) return 0;
    if (gc_g1a_decompress(&a, enc, 0) != GC_G1_OK) return 0;
    gc_g1p_from_affine(out, &a);
    return 1;
}

void gc_fr_dft_naive(gc_fr *out, const gc_fr *in, unsigned log_n, int inverse) {
    gc_u32 n = 1u << log_n;
    gc_fr w;
    gc_fr_root_of_unity(&w, log_n);
    if (inverse) gc_fr_inv(&w, &w);
    gc_fr wk;
    gc_fr_one(&wk);
    for (gc_u32 k = 0; k < n; k++) {
        gc_fr acc, x, t;
        gc_fr_zero(&acc);
        gc_fr_one(&x);
        for (gc_u32 j = 0; j < n; j++) {
            gc_fr_mul(&t, &in[j], &x);
            gc_fr_add(&acc, &acc, &t);
            gc_fr_mul(&x, &x, &wk);
        }
        out[k] = acc;
        gc_fr_mul(&wk, &wk, &w);
    }
    if (inverse) {
        gc_fr s;
        gc_fr_fft_inv_n(&s, log_n);
        for (gc_u32 k = 0; k < n; k++) gc_fr_mul(&out[k], &out[k], &s);
    }
}

void gc_fr_glv_split(uint32_t split[8], const gc_fr *s) {
    static const uint32_t z2[4] = GC_GLV_Z2_LIMBS;
    gc_fr k;
    gc_fr_from_mont(&k, s);
    unsigned __int128 d = 0, rem = 0, q = 0;
    for (int i = 3; i >= 0; i--) d = (d << 32) | z2[i];
    /* binary long division; rem < d < 2^128 before each shift, so one carry bit suffices */
    for (int b = 255; b >= 0; b--) {
        int top = (int)(rem >> 127);
        rem = (rem << 1) | ((k.l[b >> 5] >> (b & 31)) & 1u);
        if (top || rem >= d) {
            rem -= d;
            if (b < 128) q |= (unsigned __int128)1 << b; /* k < r < z^4: the quotient is below 2^128 */
        }
    }
    for (int i = 0; i < 4; i++) {
        split[i] = (uint32_t)(rem >> (32 * i));
        split[4 + i] = (uint32_t)(q >> (32 * i));
    }
}

/* Width-w NAF of a 128-bit half (w = 4 or 5): while k is odd take the digit d = k mods
 * 2^w (in [-(2^(w-1) - 1), 2^(w-1) - 1]), subtract it (k stays below 2^128: halves are
 * below z^2 < 0.7 * 2^128), then halve. */
static void wnaf(unsigned char *out, unsigned __int128 k, unsigned w) {
    memset(out, 0, GC_GLV_DIGITS);
    int full = 1 << w, half_w = full / 2;
    for (int i = 0; k; i++, k >>= 1) {
        if (!(k & 1)) continue;
        int d = (int)(k & (unsigned)(full - 1));
        if (d > half_w) d -= full;
        k = d > 0 ? k - (unsigned)d : k + (unsigned)-d;
        unsigned mag = (unsigned)(d > 0 ? d : -d);
        out[i] = (unsigned char)(GC_GLV_DIGIT_SET | (d < 0 ? GC_GLV_DIGIT_NEG : 0) | (mag >> 1));
    }
}

void gc_glv_wnaf_digits(unsigned char digits[2 * GC_GLV_DIGITS], const gc_fr *s) {
    uint32_t split[8];
    gc_fr_glv_split(split, s);
    for (int h = 0; h < 2; h++) {
        unsigned __int128 k = 0;
        for (int i = 3; i >= 0; i--) k = (k << 32) | split[4 * h + i];
        wnaf(digits + h * GC_GLV_DIGITS, k, 5);
    }
}

void gc_glv_wnaf_digits_parts(unsigned char *digits, unsigned parts, unsigned width, const gc_fr *s) {
    uint32_t split[8];
    unsigned w = 128 / parts;
    unsigned __int128 mask = w == 128 ? ~(unsigned __int128)0 : ((unsigned __int128)1 << w) - 1;
    gc_fr_glv_split(split, s);
    for (int h = 0; h < 2; h++) {
        unsigned __int128 k = 0;
        for (int i = 3; i >= 0; i--) k = (k << 32) | split[4 * h + i];
        for (unsigned p = 0; p < parts; p++)
            wnaf(digits + (2 * p + h) * GC_GLV_DIGITS, (k >> (w * p)) & mask, width);
    }
}

int gc_bls_g1a_from_hex(gc_g1a *out, const char *hex96) {
    unsigned char enc[GC_G1_COMPRESSED_BYTES];
    return gc_bls_hex_decode(enc, sizeof enc, hex96) && gc_g1a_decompress(out, enc, 0) == GC_G1_OK;
}

int gc_bls_g2a_from_hex(gc_g2a *out, const char *hex192) {
    unsigned char enc[GC_G2_COMPRESSED_BYTES];
    return gc_bls_hex_decode(enc, sizeof enc, hex192) && gc_g2a_decompress(out, enc, 0) == GC_G2_OK;
}

_Static_assert(sizeof(gc_fp12) == 12 * sizeof(gc_fp) && sizeof(gc_fp6) == 6 * sizeof(gc_fp),
               "gc_fp12 and gc_fp6 are their Fp coefficients, unpadded");

/* n Fp coefficients, 48 bytes big-endian each, into consecutive gc_fp (the struct order). */
static int fp_coeffs_from_hex(gc_fp *out, size_t n, const char *hex) {
    unsigned char be[12 * GC_FP_BYTES];
    if (n > 12 || !gc_bls_hex_decode(be, n * GC_FP_BYTES, hex)) return 0;
    for (size_t i = 0; i < n; i++)
        if (!gc_fp_from_bytes(&out[i], be + i * GC_FP_BYTES)) return 0;
    return 1;
}

int gc_bls_fp12_from_hex(gc_fp12 *out, const char *hex1152) {
    gc_fp c[12];
    if (!fp_coeffs_from_hex(c, 12, hex1152)) return 0;
    memcpy(out, c, sizeof *out); /* gc_fp12 is 12 gc_fp in this order, no padding */
    return 1;
}

int gc_bls_fp6_from_hex(gc_fp6 *out, const char *hex576) {
    gc_fp c[6];
    if (!fp_coeffs_from_hex(c, 6, hex576)) return 0;
    memcpy(out, c, sizeof *out);
    return 1;
}
