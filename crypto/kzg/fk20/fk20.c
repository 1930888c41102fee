/* SPDX-License-Identifier: Apache-2.0 */
/* fk20.c — FK20's circulant (Toeplitz) step: the setup's x_ext_fft, the circulant rows'
 * FFTs and their MSM into u (with the convolution's pieces where a pass takes them);
 * fk20.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/fk20/fk20.h"
#include "crypto/kzg/g1map/g1map.h"
#include "crypto/kzg/msm/msm.h"
#include "crypto/kzg/poly/poly.h"

#include <stdio.h>
#include <stdlib.h>

/* x_ext_fft (c-kzg's init_fk20_multi_settings): for each offset i < L the points
 * x[k] = [s^(4096 - L - 1 - i - k L)] for k < r - 1, then infinity up to 2r, and their
 * G1 FFT of size 2r; kept as rows [i][2r]. */
gc_kzg_ret kzg_build_x_ext_fft(gc_kzg_ctx *c, const gc_g1p *mono, const gc_g1p *given) {
    size_t l = (size_t)1 << c->log_l, two_r = (size_t)1 << c->log_2r, r = two_r / 2;
    if (given) {
        gc_kzg_ret ret = kzg_upload(c, &c->fk20.x_ext_fft, given, l * two_r * sizeof(gc_g1p), "x_ext_fft");
        if (!ret) c->info.precompute_bytes += l * two_r * sizeof(gc_g1p);
        return ret;
    }
    gc_g1p *x = malloc(l * two_r * sizeof(gc_g1p));
    if (!x) return GC_KZG_MALLOC;
    for (size_t i = 0; i < l; i++)
        for (size_t k = 0; k < two_r; k++) {
            if (k + 1 < r) x[i * two_r + k] = mono[4096 - l - 1 - i - k * l];
            else gc_g1p_inf(&x[i * two_r + k]);
        }
    gc_kzg_ret ret = kzg_upload(c, &c->fk20.x_ext_fft, x, l * two_r * sizeof(gc_g1p), "x_ext_fft");
    free(x);
    if (ret) return ret;
    c->info.precompute_bytes += l * two_r * sizeof(gc_g1p);
    return kzg_g1_fft(c, c->fk20.x_ext_fft, l, c->g1fft.tw_2r, c->g1fft.pair_tw_2r);
}

gc_kzg_ret kzg_stage_circulant_fft(gc_kzg_ctx *c, size_t n) {
    uint32_t count = (uint32_t)(n << KZG_LOG_EXT), log_l = c->log_l, log_2r = c->log_2r;
    uint32_t row = 1u << c->log_2r, flags = 0;
    gc_arg a[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.circ), GC_ARG_VAL(log_l), GC_ARG_VAL(count)};
    uint32_t spans[2];
    /* the rows made in local memory where one block launch holds them */
    if (kzg_fft_block_launches(c, K_FK20_CIRCULANT_FFT, log_2r, spans) == 1) {
        gc_arg f[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.circ), GC_ARG_BUF(c->fk20.tw_2r), GC_ARG_VAL(log_l)};
        return kzg_launch_group(c, K_FK20_CIRCULANT_FFT, n << log_l, (size_t)1 << (log_2r - 1), f, 4);
    }
    gc_kzg_ret ret = kzg_launch_elements(c, K_FK20_CIRCULANT, count, a, 4);
    return ret ? ret : kzg_fr_fft(c, c->batch.bb.circ, c->fk20.tw_2r, c->poly.inv_4096, log_2r, row, n << log_l, flags);
}

/* The MSM shapes of the pipelines over n blobs. */
kzg_msm_shape kzg_fk20_msm_shape(const gc_kzg_ctx *c, size_t n) {
    uint32_t two_r = 1u << c->log_2r, l = 1u << c->log_l, chunk = kzg_msm_chunk(c->info.comb_teeth, n * two_r, l, l);
    if (c->msm.affine == KZG_MSM_AFFINE_ALWAYS && c->info.comb_teeth)
        chunk = l < KZG_AFF_TERMS ? l : KZG_AFF_TERMS; /* msm_comb_affine */
    /* scalar (b, j, i) at circ[b][i][j]; base (j, i) at x_ext_fft[i][j] */
    kzg_msm_shape s = {(uint32_t)n, two_r, l, chunk, 1u << KZG_LOG_EXT, 1, two_r, 1, two_r,
                       kzg_msm_parts(c, c->info.comb_teeth, chunk, n * two_r, l), 0};
    return s;
}

/* The integers of u's MSM: the pass's scalars times 1/2r where scaled (the pipeline folds
 * the inverse G1 FFT's scale in here), else as they are. */
static gc_kzg_ret u_ints(gc_kzg_ctx *c, size_t n, int scaled) {
    return kzg_to_ints(c, c->batch.bb.circ, c->batch.bb.ints, scaled ? c->fk20.inv_2r_raw : c->msm.one_raw, n << KZG_LOG_EXT, 1,
                       c->info.comb_teeth);
}

/* The integers of U_2's MSM (conv_hi_msm): the pass's scalars times 2^64 / 2r. */
static gc_kzg_ret conv_hi_ints(gc_kzg_ctx *c, size_t n) {
    return kzg_to_ints(c, c->batch.bb.circ, c->conv.ints, c->conv.scale, n << KZG_LOG_EXT, 1, c->info.comb_teeth);
}

/* U_2 = [2^64] u' of a convolution pass (conv_hi's rows n .. 2n): one FK20 MSM over
 * conv_hi_ints' integers, then U_3 = [2^32] U_2 (g1map/conv.gc: the convolution's
 * pieces). Beside the MSM of u on its own queue (queue 0 then makes U_1 = [2^32] u), so
 * that each queue's chain is one MSM and 32 doublings, where U_3 from u is 96 doublings in
 * a row after u's MSM; one MSM making all three took more of the GPU than u's beside it
 * (docs/results/fk20.md). */
static gc_kzg_ret conv_hi_msm(gc_kzg_ctx *c, size_t n) {
    uint32_t pts = (uint32_t)(n << c->log_2r);
    gc_kzg_ret ret = kzg_msm(c, kzg_fk20_msm_shape(c, n), c->conv.ints, c->conv.partials, c->conv.partials2,
                         c->info.comb_teeth, c->msm.fk20_spacing, c->msm.table_fk20, c->fk20.x_ext_fft, c->conv.hi, pts);
    return ret ? ret : kzg_conv_mul_pow32(c, c->conv.hi, pts, 2 * pts, pts);
}

/* A convolution pass's FK20 MSMs on two queues: u's on queue 0 and U_2's on queue q
 * (conv_hi_msm's), their launches interleaved on the host: both scalings' integers on
 * queue 0, u's comb, then U_2's whole chain on queue q, then u's sums and U_1. So each
 * queue's comb is queued at most one launch after the other's: the host takes 5-9 us a
 * launch, as long as each of the pass's first kernels, and a chain queued whole first
 * holds the other queue's comb back by several of them.
 * With ints_ready kzg_stage_fk20_scalars made both integers already. Called on queue 0;
 * back on queue 0 after both, even when a launch failed. */
static gc_kzg_ret fk20_msms_beside(gc_kzg_ctx *c, size_t n, unsigned q, int ints_ready) {
    uint32_t pts = (uint32_t)(n << c->log_2r), teeth = c->info.comb_teeth;
    kzg_msm_shape s = kzg_fk20_msm_shape(c, n);
    gc_kzg_ret ret = ints_ready ? GC_KZG_OK : u_ints(c, n, 1);
    if (!ret && !ints_ready) ret = conv_hi_ints(c, n);
    if (!ret) ret = kzg_queue_after(c, q, 0);
    if (!ret)
        ret = kzg_msm_products(c, &s, c->batch.bb.ints, c->batch.bb.partials, c->batch.bb.partials2, teeth, c->msm.fk20_spacing,
                           c->msm.table_fk20, c->fk20.x_ext_fft);
    if (!ret && !(ret = kzg_use_queue(c, q))) ret = conv_hi_msm(c, n); /* U_2 and U_3 */
    gc_kzg_ret back = kzg_use_queue(c, 0);
    if (!ret) ret = back;
    if (!ret) ret = kzg_msm_sums(c, s, c->batch.bb.partials, c->batch.bb.partials2, c->msm.fk20_spacing, c->batch.bb.u, 0);
    if (!ret) ret = kzg_conv_mul_pow32(c, c->batch.bb.u, 0, 0, pts); /* U_1 */
    gc_kzg_ret w = kzg_queue_after(c, 0, q);
    return ret ? ret : w;
}

/* One launch where the circulant rows' transform is one block launch (L = 64; L = 16's
 * rows of 512 take the two launches): three launches and their gaps on the pass's critical
 * path become one (docs/results/fk20.md). */
gc_kzg_ret kzg_stage_fk20_scalars(gc_kzg_ctx *c, size_t n) {
    int hi = kzg_conv_pieces_by_msm(c, n);
    uint32_t spans[2], log_l = c->log_l, two = hi, signed_comb = c->info.comb_teeth != 0;
    if (kzg_fft_block_launches(c, K_FK20_CIRCULANT_FFT, c->log_2r, spans) != 1 ||
        kzg_fft_block_launches(c, K_FK20_CIRCULANT_FFT_INTS, c->log_2r, spans) != 1) {
        gc_kzg_ret ret = kzg_stage_circulant_fft(c, n);
        if (!ret) ret = u_ints(c, n, 1);
        return ret || !hi ? ret : conv_hi_ints(c, n);
    }
    gc_arg f[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->fk20.tw_2r),
                  GC_ARG_VAL(log_l),      GC_ARG_BUF(c->batch.bb.ints),
                  GC_ARG_BUF(c->fk20.inv_2r_raw), GC_ARG_BUF(hi ? c->conv.ints : c->batch.bb.ints),
                  GC_ARG_BUF(hi ? c->conv.scale : c->fk20.inv_2r_raw), GC_ARG_VAL(two),
                  GC_ARG_VAL(signed_comb)};
    return kzg_launch_group(c, K_FK20_CIRCULANT_FFT_INTS, n << log_l, (size_t)1 << (c->log_2r - 1), f, 9);
}

gc_kzg_ret kzg_stage_fk20_msm(gc_kzg_ctx *c, size_t n, int scaled) {
    if (!c->fk20.x_ext_fft) { /* a stage test's context made without it (KZG_X_EXT_FFT_NONE) */
        snprintf(c->last_message, sizeof c->last_message, "the FK20 MSM needs x_ext_fft: this context has none");
        return GC_KZG_ERROR;
    }
    int ready = scaled == KZG_MSM_SCALED_INTS_READY, hi = scaled && kzg_conv_pieces_by_msm(c, n);
    if (hi && c->batch.two_queues && c->conv.msm_beside) return fk20_msms_beside(c, n, KZG_QUEUE_G1_HALF, ready);
    gc_kzg_ret ret = GC_KZG_OK;
    if (hi && !ready) ret = conv_hi_ints(c, n);
    if (hi && !ret) ret = conv_hi_msm(c, n); /* one queue: U_2's MSM first */
    if (!ret && !ready) ret = u_ints(c, n, scaled);
    if (!ret)
        ret = kzg_msm(c, kzg_fk20_msm_shape(c, n), c->batch.bb.ints, c->batch.bb.partials, c->batch.bb.partials2, c->info.comb_teeth,
                  c->msm.fk20_spacing, c->msm.table_fk20, c->fk20.x_ext_fft, c->batch.bb.u, 0);
    if (!ret && hi) ret = kzg_conv_mul_pow32(c, c->batch.bb.u, 0, 0, (uint32_t)(n << c->log_2r)); /* U_1 */
    return ret;
}
