/* SPDX-License-Identifier: Apache-2.0 */
/* g1_fft.c — the G1 FFTs of u (inverse, upper half cleared, forward), one launch per
 * stage or fused in pairs; g1_fft.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/g1map/g1map.h"

#include <stdlib.h>

/* The G1 transforms' twiddles (g1_fft_stage). */
gc_kzg_ret kzg_upload_g1_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
    size_t half = (size_t)1 << (log_n - 1);
    gc_fr *tw = malloc(half * sizeof(gc_fr));
    if (!tw) return GC_KZG_MALLOC;
    gc_fr_fft_twiddles(tw, log_n, inverse);
    gc_kzg_ret ret = kzg_upload_glv_digits(c, out, tw, half, half, "G1 twiddles");
    free(tw);
    return ret;
}

/* The first stage that the fused G1 stage pairs start from: the pairs cover the stages
 * (s, s + 1) up to the last, so with an odd count stage 0 runs alone (its twiddles are 1). */
static unsigned first_pair_stage(unsigned log_n) { return log_n & 1u; }

/* The scalars of the fused stage pairs (g1_fft_pair_products in g1_fft.gc): for
 * each pair (s, s + 1) from first_pair_stage, h = 2^s, j < h: t, u, ut, u', u't with
 * u = w_4h^j, u' = w_4h^(j + h), t = u^2. */
gc_kzg_ret kzg_upload_g1_pair_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
    size_t half = (size_t)1 << (log_n - 1), count = 0;
    for (unsigned s = first_pair_stage(log_n); s + 1 < log_n; s += 2) count += (size_t)5 << s;
    gc_fr *tw = malloc(half * sizeof(gc_fr)), *sc = malloc(count * sizeof(gc_fr));
    gc_kzg_ret ret = GC_KZG_MALLOC;
    if (tw && sc) {
        gc_fr_fft_twiddles(tw, log_n, inverse);
        gc_fr *p = sc;
        for (unsigned s = first_pair_stage(log_n); s + 1 < log_n; s += 2)
            for (size_t j = 0; j < ((size_t)1 << s); j++, p += 5) { /* p: t, u, ut, u', u't */
                p[1] = tw[j << (log_n - 2 - s)];
                p[3] = tw[(j + ((size_t)1 << s)) << (log_n - 2 - s)];
                gc_fr_mul(&p[0], &p[1], &p[1]);
                gc_fr_mul(&p[2], &p[0], &p[1]);
                gc_fr_mul(&p[4], &p[0], &p[3]);
            }
        ret = kzg_upload_glv_digits(c, out, sc, count, count, "G1 pair twiddles");
    }
    free(tw);
    free(sc);
    return ret;
}

gc_kzg_ret kzg_ctx_set_g1_pair_max_points(gc_kzg_ctx *c, size_t points) {
    gc_status st = gc_device_finish(c->dev); /* no launch may still use the old scratch */
    if (st) return kzg_device_error(c, st, "G1 pair products");
    gc_buffer_free(c->g1fft.pair_scratch);
    c->g1fft.pair_scratch = NULL;
    c->g1fft.pair_max_points = 0;
    if (!points) return GC_KZG_OK;
    size_t quads = (points + 3) / 4; /* five products per quad of points */
    gc_kzg_ret ret = kzg_upload(c, &c->g1fft.pair_scratch, NULL, quads * 5 * sizeof(gc_g1p), "G1 pair products");
    if (!ret) c->g1fft.pair_max_points = points;
    return ret;
}

/* The G1 DIT transform of size 2r of `rows` rows of `data` in place (bit reversal, then
 * one launch per stage), twiddles `digits` (kzg_upload_g1_twiddles). Up to
 * g1_pair_max_points points the stages run fused in pairs, twiddles `pair_digits`
 * (kzg_upload_g1_pair_twiddles): two launches per pair, one product deep. */
gc_kzg_ret kzg_g1_fft(gc_kzg_ctx *c, gc_buffer *data, size_t rows, gc_buffer *digits, gc_buffer *pair_digits) {
    uint32_t log_2r = c->log_2r, n_rows = (uint32_t)rows, n_points = (uint32_t)(rows << log_2r);
    int pairs = n_points <= c->g1fft.pair_max_points;
    uint32_t single_end = pairs ? first_pair_stage(log_2r) : log_2r; /* stages [0, single_end) alone */
    gc_arg b[] = {GC_ARG_BUF(data), GC_ARG_VAL(log_2r), GC_ARG_VAL(n_points)};
    gc_kzg_ret ret = kzg_launch_elements(c, K_G1_BITREV_ROWS, n_points, b, 3);
    /* The single stages split their rows between the two queues: a stage's launch is
     * every butterfly of its rows, each work-item a whole twiddle product of equal length,
     * so one launch ends in a partial wave (at L = 16, 512 rows: 2.6 waves of a large GPU),
     * and the next stage of the same rows cannot start before it ends. Two halves on two
     * queues fill each other's tails. The second half goes to a queue of its own
     * (KZG_QUEUE_G1_HALF), so that nothing of the pass waits on queue 1 (the cells' and
     * commitment's reads) behind it. Called on queue 0; returns on queue 0. */
    uint32_t halves = c->batch.two_queues && single_end && n_rows >= 2 ? 2 : 1;
    if (!ret && halves == 2) ret = kzg_queue_after(c, KZG_QUEUE_G1_HALF, 0);
    for (uint32_t stage = 0; !ret && stage < single_end; stage++)
        for (uint32_t h = 0; !ret && h < halves; h++) {
            uint32_t row0 = h ? n_rows / 2 : 0, rows_h = halves == 1 ? n_rows : h ? n_rows - n_rows / 2 : n_rows / 2;
            gc_arg f[] = {GC_ARG_BUF(data), GC_ARG_BUF(digits), GC_ARG_VAL(log_2r),
                          GC_ARG_VAL(stage), GC_ARG_VAL(rows_h), GC_ARG_VAL(row0)};
            if ((ret = kzg_use_queue(c, h ? KZG_QUEUE_G1_HALF : 0))) break;
            ret = kzg_launch_elements(c, K_G1_FFT_STAGE, (size_t)rows_h << (log_2r - 1), f, 6);
        }
    if (halves == 2) { /* queue 0 again, after the other half, even when a launch failed */
        gc_kzg_ret q = kzg_use_queue(c, 0);
        if (!q) q = kzg_queue_after(c, 0, KZG_QUEUE_G1_HALF);
        if (!ret) ret = q;
    }
    uint32_t first = 0; /* the pair's first scalar in pair_digits */
    uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_G1_PAIRS, n_points); /* teams: rows padded to whole warps of one scalar */
    size_t per_group = KZG_TEAM_GROUP / lanes, rows_padded = (rows + per_group - 1) / per_group * per_group;
    for (uint32_t stage = single_end; !ret && stage + 1 < log_2r; stage += 2) {
        /* the team kernel takes the lanes after g1_fft_pair_products' seven arguments */
        gc_arg p[] = {GC_ARG_BUF(data),   GC_ARG_BUF(pair_digits), GC_ARG_VAL(first),
                      GC_ARG_VAL(log_2r), GC_ARG_VAL(stage),       GC_ARG_VAL(n_rows),
                      GC_ARG_BUF(c->g1fft.pair_scratch), GC_ARG_VAL(lanes)};
        gc_arg m[] = {GC_ARG_BUF(data), GC_ARG_BUF(c->g1fft.pair_scratch), GC_ARG_VAL(log_2r), GC_ARG_VAL(stage),
                      GC_ARG_VAL(n_rows)};
        size_t team_items = (rows_padded << log_2r) / 4 * 5 * lanes;
        ret = lanes > 1 ? kzg_launch_teams(c, kzg_team_kernel(c, K_G1_FFT_PAIR_PRODUCTS_TEAM, K_G1_FFT_PAIR_PRODUCTS_TEAM_FULL,
                                                      team_items),
                                       team_items, p, 8)
                        : kzg_launch_elements(c, K_G1_FFT_PAIR_PRODUCTS, (size_t)n_points / 4 * 5, p, 7);
        if (!ret) ret = kzg_launch_elements(c, K_G1_FFT_PAIR_COMBINE, n_points, m, 5); /* a work-item per output */
        first += 5u << stage;
    }
    return ret;
}

gc_kzg_ret kzg_stage_g1_ifft_truncate(gc_kzg_ctx *c, size_t n) {
    uint32_t log_2r = c->log_2r, rows = (uint32_t)n;
    gc_arg z[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(rows)};
    gc_kzg_ret ret = kzg_g1_fft(c, c->batch.bb.u, n, c->g1fft.itw_2r, c->g1fft.pair_itw_2r);
    return ret ? ret : kzg_launch_elements(c, K_G1_CLEAR_UPPER_HALF, n << (c->log_2r - 1), z, 3);
}

gc_kzg_ret kzg_stage_g1_fft(gc_kzg_ctx *c, size_t n) { return kzg_g1_fft(c, c->batch.bb.u, n, c->g1fft.tw_2r, c->g1fft.pair_tw_2r); }

gc_kzg_ret kzg_g1map_prepare(gc_kzg_ctx *c) {
    gc_kzg_ret ret;
    if ((ret = kzg_upload_g1_twiddles(c, &c->g1fft.tw_2r, c->log_2r, 0)) ||
        (ret = kzg_upload_g1_twiddles(c, &c->g1fft.itw_2r, c->log_2r, 1)) ||
        (ret = kzg_upload_g1_pair_twiddles(c, &c->g1fft.pair_tw_2r, c->log_2r, 0)) ||
        (ret = kzg_upload_g1_pair_twiddles(c, &c->g1fft.pair_itw_2r, c->log_2r, 1)))
        return ret;
    return kzg_ctx_set_g1_pair_max_points(c, KZG_G1_PAIR_MAX_POINTS);
}
