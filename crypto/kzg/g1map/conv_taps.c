/* SPDX-License-Identifier: Apache-2.0 */
/* conv_taps.c — FK20's last two G1 stages as one cyclic convolution, its taps.
 *
 * With u' the MSM's output (already scaled by 1/N, N = 2r) and w the N-th root of unity
 * of the forward transforms (gc_fr_fft_twiddles(.., 0)), the inverse DFT (unscaled), the
 * upper half cleared and the forward DFT give
 *   pi_k = sum_{j<r} w^(jk) sum_i w^(-ij) u'_i = sum_i c_{(k - i) mod N} u'_i,
 *   c_d = sum_{j<r} w^(jd) = r for d = 0, else (w^(rd) - 1) / (w^d - 1) with w^r = -1:
 *   0 for even d, 2 / (1 - w^d) for odd d.
 * So r + 1 taps are not zero: tap e at distance d_e = 0 (e = 0) or 2e - 1 (e = 1 .. r).
 *
 * The device takes the split form (kzg_conv_taps_split): reduced mod X^r - 1 and X^r + 1,
 * with a_i = u'_i + u'_(i+r) and b_i = u'_i - u'_(i+r) (i < r: additions only), the
 * convolution is P = c+ (*) a (cyclic, length r) and M = c- (*) b (negacyclic: a term whose
 * index wraps below 0 is negated), c+_d = c_d + c_(d+r), c-_d = c_d - c_(d+r), and then
 * pi_k = (P_k + M_k) / 2, pi_(k+r) = (P_k - M_k) / 2. With w^r = -1 and r even: c+_0 =
 * c-_0 = r, for odd d < r c+_d = 4 / (1 - w^(2d)) and c-_d = 4 w^d / (1 - w^(2d)), for even
 * d 0. So each half has r/2 + 1 taps at the same distances d_e (e = 0 .. r/2): 2r (r/2 + 1)
 * products where the whole convolution has 2r (r + 1), half.
 *
 * And the taps pair up. With c_(N-d) = 2 - c_d for odd d (2/(1 - w^d) + 2/(1 - w^-d) = 2),
 * the halved split taps at distance r - d are c+_(r-d) = 2 - c+_d and c-_(r-d) = c-_d, so
 * (q = r/4 pairs, d = 2e - 1, e = 1 .. q)
 *   P_k = (r/2) a_k + sum_e (c+_e (a_(k-d) - a_(k+d)) + 2 a_(k+d)),
 *   M_k = (r/2) b_k + sum_e c-_e (b~_(k-d) - b~_(k+d)),
 * b~ the negacyclic extension (b~_(j-r) = -b_j): 2r q products, a quarter of the whole
 * convolution's, and the rest is doublings and additions. The device takes this form
 * (g1_conv_taps); the unit test checks it against the FFT route. */
#include "crypto/kzg/kzg_internal.h"

unsigned kzg_conv_tap_distance(unsigned e) { return e ? 2 * e - 1 : 0; }

void kzg_conv_taps(gc_fr *taps, unsigned log_2r) {
    unsigned r = 1u << (log_2r - 1);
    gc_fr w, w2, wd, one, two, t;
    gc_fr_root_of_unity(&w, log_2r);
    gc_fr_mul(&w2, &w, &w);
    gc_fr_one(&one);
    gc_fr_from_u32(&two, 2);
    gc_fr_from_u32(&taps[0], r);
    wd = w; /* w^(2e - 1) */
    for (unsigned e = 1; e <= r; e++) {
        gc_fr_sub(&t, &one, &wd);
        gc_fr_inv(&t, &t);
        gc_fr_mul(&taps[e], &two, &t);
        gc_fr_mul(&wd, &wd, &w2);
    }
}

/* The split form's taps, halved (the 1/2 of pi_k = (P_k +- M_k) / 2 folded in): plus[e] and
 * minus[e] for e = 0 .. r/2 at distances kzg_conv_tap_distance(e), from the whole
 * convolution's taps (kzg_conv_taps, same log_2r >= 2): distance d + r = 2 (e + r/2) - 1 is
 * tap e + r/2, and c_r = 0 (r even), so c+-_0 = c_0 and c+-_d = taps[e] +- taps[e + r/2]. */
void kzg_conv_taps_split(gc_fr *plus, gc_fr *minus, const gc_fr *taps, unsigned log_2r) {
    unsigned h = 1u << (log_2r - 2);
    gc_fr half;
    gc_fr_from_u32(&half, 2);
    gc_fr_inv(&half, &half);
    gc_fr_mul(&plus[0], &taps[0], &half);
    minus[0] = plus[0];
    for (unsigned e = 1; e <= h; e++) {
        gc_fr_add(&plus[e], &taps[e], &taps[e + h]);
        gc_fr_mul(&plus[e], &plus[e], &half);
        gc_fr_sub(&minus[e], &taps[e], &taps[e + h]);
        gc_fr_mul(&minus[e], &minus[e], &half);
    }
}
