/* SPDX-License-Identifier: Apache-2.0 */
/* test_kzg_conv_taps.c — the G1 convolution's taps (crypto/kzg/g1map/conv_taps.c): FK20's
 * "inverse FFT (unscaled) of the MSM output u' (= u / 2r), upper half cleared, FFT" is the
 * cyclic convolution pi_k = sum_e taps[e] u'[(k - d_e) mod 2r]. Checked over Fr (the map
 * is linear, so Fr stands for G1) at every size 2 .. 1024 (FK20 uses 128 .. 512): the taps against their
 * definition c_d = sum_{j<r} w^(jd) at every distance (the even ones 0, so r + 1 taps
 * suffice), and the convolution, whole and split mod X^r -+ 1 as the device computes it
 * (kzg_conv_taps_split, from 2r = 4) and with its taps in pairs (from 2r = 8: the tap at
 * r - d is 2 minus, or in the negacyclic half equal to, the one at d), against the FFT
 * route on pseudo-random inputs. The same taps times the known u on the device are the
 * fk20 stage test L64.g1_conv. The device
 * takes each tap in pieces of its GLV halves (gc_glv_wnaf_digits_parts): their digits must
 * add up to the tap again and stay short (the kernel's doublings run to the top digit).
 * Exit codes: 0 pass, 1 failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crypto/kzg/kzg_internal.h"

#include "unit.h"

/* c_d for every d < 2r by the definition, O(r) each */
static void taps_by_definition(gc_fr *c, unsigned log_2r) {
    unsigned two_r = 1u << log_2r, r = two_r / 2;
    gc_fr w, wd, x;
    gc_fr_root_of_unity(&w, log_2r);
    gc_fr_one(&wd);
    for (unsigned d = 0; d < two_r; d++) {
        gc_fr_zero(&c[d]);
        gc_fr_one(&x);
        for (unsigned j = 0; j < r; j++) {
            gc_fr_add(&c[d], &c[d], &x);
            gc_fr_mul(&x, &x, &wd);
        }
        gc_fr_mul(&wd, &wd, &w);
    }
}

static void test_taps(unsigned log_2r) {
    unsigned two_r = 1u << log_2r, r = two_r / 2;
    gc_fr *c = malloc(two_r * sizeof *c), *taps = malloc((r + 1) * sizeof *taps);
    if (!c || !taps) abort();
    taps_by_definition(c, log_2r);
    kzg_conv_taps(taps, log_2r);
    int covered_ok = 1, zero_ok = 1;
    for (unsigned e = 0; e <= r; e++) covered_ok &= gc_fr_eq(&taps[e], &c[kzg_conv_tap_distance(e)]);
    for (unsigned d = 2; d < two_r; d += 2) zero_ok &= gc_fr_is_zero(&c[d]);
    CHECKF(covered_ok, "2r = %u: taps = sum_{j<r} w^(jd) at their distances", two_r);
    CHECKF(zero_ok, "2r = %u: the even distances have no tap", two_r);
    free(c);
    free(taps);
}

static void test_convolution(unsigned log_2r) {
    unsigned two_r = 1u << log_2r, r = two_r / 2;
    gc_fr *u = malloc(two_r * sizeof *u), *a = malloc(two_r * sizeof *a), *tw = malloc(r * sizeof *tw),
          *itw = malloc(r * sizeof *itw), *taps = malloc((r + 1) * sizeof *taps), inv_n, t;
    if (!u || !a || !tw || !itw || !taps) abort();
    for (unsigned i = 0; i < two_r; i++) gc_bls_fft_input(&u[i], i + 1000 * log_2r);
    gc_fr_fft_twiddles(tw, log_2r, 0);
    gc_fr_fft_twiddles(itw, log_2r, 1);
    kzg_conv_taps(taps, log_2r);
    /* the FFT route: the scaled inverse of u is the unscaled inverse of u' = u / 2r */
    memcpy(a, u, two_r * sizeof *a);
    gc_fr_fft_serial(a, itw, log_2r, 1);
    for (unsigned j = r; j < two_r; j++) gc_fr_zero(&a[j]);
    gc_fr_fft_serial(a, tw, log_2r, 0);
    gc_fr_fft_inv_n(&inv_n, log_2r);
    int same = 1;
    for (unsigned k = 0; k < two_r; k++) {
        gc_fr pi;
        gc_fr_zero(&pi);
        for (unsigned e = 0; e <= r; e++) {
            gc_fr_mul(&t, &u[(k - kzg_conv_tap_distance(e)) & (two_r - 1)], &inv_n);
            gc_fr_mul(&t, &t, &taps[e]);
            gc_fr_add(&pi, &pi, &t);
        }
        same &= gc_fr_eq(&pi, &a[k]);
    }
    CHECKF(same, "2r = %u: convolution = FFT(truncate(IFFT(u')))", two_r);
    if (log_2r >= 2) { /* the split form, as the device computes it */
        unsigned h = r / 2;
        gc_fr *ua = malloc(r * sizeof *ua), *ub = malloc(r * sizeof *ub), *plus = malloc((h + 1) * sizeof *plus),
              *minus = malloc((h + 1) * sizeof *minus);
        if (!ua || !ub || !plus || !minus) abort();
        kzg_conv_taps_split(plus, minus, taps, log_2r);
        for (unsigned i = 0; i < r; i++) {
            gc_fr x, y;
            gc_fr_mul(&x, &u[i], &inv_n);
            gc_fr_mul(&y, &u[i + r], &inv_n);
            gc_fr_add(&ua[i], &x, &y);
            gc_fr_sub(&ub[i], &x, &y);
        }
        int split_same = 1;
        for (unsigned k = 0; k < r; k++) {
            gc_fr pk, mk, lo, hi;
            gc_fr_zero(&pk);
            gc_fr_zero(&mk);
            for (unsigned e = 0; e <= h; e++) {
                unsigned d = kzg_conv_tap_distance(e);
                gc_fr_mul(&t, &ua[(k - d) & (r - 1)], &plus[e]);
                gc_fr_add(&pk, &pk, &t);
                gc_fr_mul(&t, &ub[(k - d) & (r - 1)], &minus[e]);
                if (k < d) gc_fr_sub(&mk, &mk, &t); /* wrapped: X^r = -1 */
                else gc_fr_add(&mk, &mk, &t);
            }
            gc_fr_add(&lo, &pk, &mk);
            gc_fr_sub(&hi, &pk, &mk);
            split_same &= gc_fr_eq(&lo, &a[k]) && gc_fr_eq(&hi, &a[k + r]);
        }
        CHECKF(split_same, "2r = %u: split mod X^r -+ 1 = FFT(truncate(IFFT(u')))", two_r);
        if (log_2r >= 3) { /* the taps in pairs, as the device takes them (g1_conv_taps) */
            unsigned q = r / 4;
            gc_fr two;
            gc_fr_from_u32(&two, 2);
            int pairs_ok = 1, paired_same = 1;
            for (unsigned e = 1; e <= q; e++) { /* distance r - d_e is tap h + 1 - e */
                gc_fr_add(&t, &plus[e], &plus[h + 1 - e]);
                pairs_ok &= gc_fr_eq(&t, &two) && gc_fr_eq(&minus[e], &minus[h + 1 - e]);
            }
            CHECKF(pairs_ok, "2r = %u: c+ at r - d is 2 - c+ at d, c- at r - d is c- at d", two_r);
            for (unsigned k = 0; k < r; k++) {
                gc_fr pk, mk, lo, hi, rest;
                gc_fr_mul(&pk, &ua[k], &plus[0]);
                gc_fr_mul(&mk, &ub[k], &minus[0]);
                for (unsigned e = 1; e <= q; e++) {
                    unsigned d = kzg_conv_tap_distance(e);
                    gc_fr bl = ub[(k - d) & (r - 1)], bu = ub[(k + d) & (r - 1)];
                    if (k < d) gc_fr_neg(&bl, &bl); /* b~: wrapped terms negated */
                    if (k + d >= r) gc_fr_neg(&bu, &bu);
                    gc_fr_sub(&t, &ua[(k - d) & (r - 1)], &ua[(k + d) & (r - 1)]);
                    gc_fr_mul(&t, &t, &plus[e]);
                    gc_fr_add(&pk, &pk, &t);
                    gc_fr_mul(&rest, &ua[(k + d) & (r - 1)], &two);
                    gc_fr_add(&pk, &pk, &rest);
                    gc_fr_sub(&t, &bl, &bu);
                    gc_fr_mul(&t, &t, &minus[e]);
                    gc_fr_add(&mk, &mk, &t);
                }
                gc_fr_add(&lo, &pk, &mk);
                gc_fr_sub(&hi, &pk, &mk);
                paired_same &= gc_fr_eq(&lo, &a[k]) && gc_fr_eq(&hi, &a[k + r]);
            }
            CHECKF(paired_same, "2r = %u: the split in tap pairs = FFT(truncate(IFFT(u')))", two_r);
        }
        free(ua);
        free(ub);
        free(plus);
        free(minus);
    }
    free(u);
    free(a);
    free(tw);
    free(itw);
    free(taps);
}

/* Output k of a segment of n points x in the device's paired form (kzg_conv_rest and
 * g1_conv_straus): (n/2) x_k, in a cyclic segment also 2 sum_e x_(k+d), and
 * sum_e taps[e] (x~_(k-d) - x~_(k+d)) over the n/4 pairs e = 1 .. n/4, d = 2e - 1, x~ the
 * segment extended mod X^n - 1 or, minus, X^n + 1 (wrapped terms negated). */
static gc_fr paired_output(const gc_fr *x, const gc_fr *taps, unsigned n, int minus, unsigned k) {
    gc_fr out, t, c;
    gc_fr_from_u32(&c, n / 2);
    gc_fr_mul(&out, &x[k], &c);
    for (unsigned e = 1; e <= n / 4; e++) {
        unsigned d = kzg_conv_tap_distance(e);
        gc_fr lo = x[(k - d) & (n - 1)], up = x[(k + d) & (n - 1)];
        if (minus && k < d) gc_fr_neg(&lo, &lo);
        if (minus && k + d >= n) gc_fr_neg(&up, &up);
        if (!minus) {
            gc_fr_add(&out, &out, &up);
            gc_fr_add(&out, &out, &up);
        }
        gc_fr_sub(&t, &lo, &up);
        gc_fr_mul(&t, &t, &taps[e]);
        gc_fr_add(&out, &out, &t);
    }
    return out;
}

/* The batches' convolution split twice (g1_conv_straus with levels 2): the cyclic half
 * a (r points) split again mod X^(r/2) -+ 1 into a' = a_lo + a_hi and a'' = a_lo - a_hi,
 * with the taps kzg_conv_taps_split makes from c+ at half the length; then
 * P_k = P'_k + P''_k, P_(k + r/2) = P'_k - P''_k, pi_k = P_k + M_k, pi_(k+r) = P_k - M_k,
 * every segment in its paired form, against the FFT route (from 2r = 16: pairs at r/8). */
static void test_split_twice(unsigned log_2r) {
    unsigned two_r = 1u << log_2r, r = two_r / 2, h = r / 2, q = r / 4;
    gc_fr *u = malloc(two_r * sizeof *u), *a = malloc(two_r * sizeof *a), *tw = malloc(r * sizeof *tw),
          *itw = malloc(r * sizeof *itw), *taps = malloc((r + 1) * sizeof *taps), *plus = malloc((h + 1) * sizeof *plus),
          *minus = malloc((h + 1) * sizeof *minus), *plus2 = malloc((q + 1) * sizeof *plus2),
          *minus2 = malloc((q + 1) * sizeof *minus2), *ua = malloc(r * sizeof *ua), *ub = malloc(r * sizeof *ub),
          inv_n;
    if (!u || !a || !tw || !itw || !taps || !plus || !minus || !plus2 || !minus2 || !ua || !ub) abort();
    for (unsigned i = 0; i < two_r; i++) gc_bls_fft_input(&u[i], i + 7000 * log_2r);
    gc_fr_fft_twiddles(tw, log_2r, 0);
    gc_fr_fft_twiddles(itw, log_2r, 1);
    memcpy(a, u, two_r * sizeof *a);
    gc_fr_fft_serial(a, itw, log_2r, 1);
    for (unsigned j = r; j < two_r; j++) gc_fr_zero(&a[j]);
    gc_fr_fft_serial(a, tw, log_2r, 0);
    gc_fr_fft_inv_n(&inv_n, log_2r);
    kzg_conv_taps(taps, log_2r);
    kzg_conv_taps_split(plus, minus, taps, log_2r);
    kzg_conv_taps_split(plus2, minus2, plus, log_2r - 1);
    for (unsigned i = 0; i < r; i++) { /* the first fold, of u' = u / 2r */
        gc_fr x, y;
        gc_fr_mul(&x, &u[i], &inv_n);
        gc_fr_mul(&y, &u[i + r], &inv_n);
        gc_fr_add(&ua[i], &x, &y);
        gc_fr_sub(&ub[i], &x, &y);
    }
    gc_fr *a1 = malloc(h * sizeof *a1), *a2 = malloc(h * sizeof *a2);
    if (!a1 || !a2) abort();
    for (unsigned i = 0; i < h; i++) { /* the second, of the cyclic half */
        gc_fr_add(&a1[i], &ua[i], &ua[i + h]);
        gc_fr_sub(&a2[i], &ua[i], &ua[i + h]);
    }
    int same = 1;
    for (unsigned k = 0; k < h; k++) {
        gc_fr p1 = paired_output(a1, plus2, h, 0, k), p2 = paired_output(a2, minus2, h, 1, k), pk[2], pi;
        gc_fr_add(&pk[0], &p1, &p2);
        gc_fr_sub(&pk[1], &p1, &p2);
        for (unsigned j = 0; j < 2; j++) { /* P at k + j h, and its two proofs */
            gc_fr m = paired_output(ub, minus, r, 1, k + j * h);
            gc_fr_add(&pi, &pk[j], &m);
            same &= gc_fr_eq(&pi, &a[k + j * h]);
            gc_fr_sub(&pi, &pk[j], &m);
            same &= gc_fr_eq(&pi, &a[k + j * h + r]);
        }
    }
    CHECKF(same, "2r = %u: the cyclic half split again mod X^(r/2) -+ 1, in tap pairs = FFT(truncate(IFFT(u')))",
           two_r);
    free(u);
    free(a);
    free(tw);
    free(itw);
    free(taps);
    free(plus);
    free(minus);
    free(plus2);
    free(minus2);
    free(ua);
    free(ub);
    free(a1);
    free(a2);
}

/* The value of one GLV half's width-5 NAF digits (glv.gc's encoding), in Fr; top: the
 * highest digit set, -1 for none. */
static gc_fr digits_value(const unsigned char *d, int *top) {
    gc_fr v, two, t;
    gc_fr_zero(&v);
    gc_fr_from_u32(&two, 2);
    *top = -1;
    for (int i = GC_GLV_DIGITS - 1; i >= 0; i--) {
        gc_fr_mul(&v, &v, &two);
        if (!d[i]) continue;
        if (*top < 0) *top = i;
        gc_fr_from_u32(&t, 2 * (d[i] & (GC_GLV_ODD - 1u)) + 1);
        if (d[i] & GC_GLV_DIGIT_NEG) gc_fr_sub(&v, &v, &t);
        else gc_fr_add(&v, &v, &t);
    }
    return v;
}

/* tap = sum_p 2^(w p) (piece_1 + piece_2 z^2) for every tap of 2r = 128 (L = 64), w = 128 /
 * parts, with no digit at or above bit w + 2 (the kernel doubles up to the top digit): the
 * whole convolution's 65 taps, the split's 2 x 33 that the device takes, and the 2 x 17 of its cyclic
 * half split again (the batches' convolution, levels 2). */
static void test_parts(unsigned parts, unsigned width) {
    const unsigned log_2r = 7, w = 128 / parts;
    static const uint32_t z2_limbs[4] = GC_GLV_Z2_LIMBS;
    gc_fr taps[65 + 2 * 33 + 2 * 17], z2, two_w, raw;
    gc_fr_zero(&raw);
    for (int i = 0; i < 4; i++) raw.l[i] = z2_limbs[i];
    gc_fr_to_mont(&z2, &raw);
    gc_fr_zero(&raw);
    raw.l[w / 32] = w == 128 ? 0 : 1; /* 2^w; unused with one part */
    gc_fr_to_mont(&two_w, &raw);
    kzg_conv_taps(taps, log_2r);
    kzg_conv_taps_split(taps + 65, taps + 65 + 33, taps, log_2r);
    kzg_conv_taps_split(taps + 131, taps + 131 + 17, taps + 65, log_2r - 1); /* c+ split again */
    int sums = 1, short_pieces = 1, tap0_one_piece = 1, in_table = 1;
    for (unsigned i = 0; i < 65 + 2 * 33 + 2 * 17; i++) {
        unsigned e = i < 65 ? i : i < 131 ? (i - 65) % 33 : (i - 131) % 17; /* the tap's index in its set */
        unsigned char d[4 * 2 * GC_GLV_DIGITS];
        gc_glv_wnaf_digits_parts(d, parts, width, &taps[i]);
        for (unsigned k = 0; k < parts * 2 * GC_GLV_DIGITS; k++) /* +-(2j + 1) with j < 2^(width - 2) */
            in_table &= !d[k] || (d[k] & (GC_GLV_ODD - 1u)) < (1u << (width - 2));
        gc_fr sum, t, piece;
        gc_fr_zero(&sum);
        for (int p = (int)parts - 1; p >= 0; p--) { /* Horner in 2^w */
            int top1, top2;
            gc_fr v1 = digits_value(d + 2 * p * GC_GLV_DIGITS, &top1);
            gc_fr v2 = digits_value(d + (2 * p + 1) * GC_GLV_DIGITS, &top2);
            gc_fr_mul(&t, &v2, &z2);
            gc_fr_add(&piece, &v1, &t);
            if (parts > 1) gc_fr_mul(&sum, &sum, &two_w);
            gc_fr_add(&sum, &sum, &piece);
            short_pieces &= top1 < (int)w + 2 && top2 < (int)w + 2;
            if (e == 0 && p > 0) tap0_one_piece &= top1 < 0 && top2 < 0;
        }
        sums &= gc_fr_eq(&sum, &taps[i]);
    }
    CHECKF(sums, "2r = 128, %u pieces, width %u: every tap (whole, split, split twice) = the sum of its pieces", parts,
           width);
    CHECKF(short_pieces, "2r = 128, %u pieces, width %u: no digit at or above bit %u", parts, width, w + 2);
    CHECKF(tap0_one_piece, "2r = 128, %u pieces, width %u: tap 0 (r, or r/2 split) is its first piece alone", parts,
           width);
    CHECKF(in_table, "2r = 128, %u pieces, width %u: every digit within the %u odd multiples", parts, width,
           1u << (width - 2));
}

int main(void) {
    for (unsigned parts = 1; parts <= 4; parts *= 2)
        for (unsigned width = 4; width <= 5; width++) test_parts(parts, width);
    for (unsigned log_2r = 1; log_2r <= 10; log_2r++) { /* O(r^2) each */
        test_taps(log_2r);
        test_convolution(log_2r);
        if (log_2r >= 4) test_split_twice(log_2r);
    }
    CHECKF(kzg_conv_tap_distance(0) == 0 && kzg_conv_tap_distance(1) == 1 && kzg_conv_tap_distance(64) == 127,
           "tap distances");
    return UNIT_DONE();
}
