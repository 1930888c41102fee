/* kzg_conv_taps.c — FK20's last two G1 stages as one cyclic convolution, its taps.
 *
 * With u' the MSM's output (already scaled by 1/N, N = 2r) and w the N-th root of unity
 * of the forward transforms (gc_fr_fft_twiddles(.., 0)), the inverse DFT (unscaled), the
 * upper half cleared and the forward DFT give
 *   pi_k = sum_{j<r} w^(jk) sum_i w^(-ij) u'_i = sum_i c_{(k - i) mod N} u'_i,
 *   c_d = sum_{j<r} w^(jd) = r for d = 0, else (w^(rd) - 1) / (w^d - 1) with w^r = -1:
 *   0 for even d, 2 / (1 - w^d) for odd d.
 * So r + 1 taps are not zero: tap e at distance d_e = 0 (e = 0) or 2e - 1 (e = 1 .. r). */
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
