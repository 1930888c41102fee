/* SPDX-License-Identifier: Apache-2.0 */
/* conv.c — the G1 map of small passes (L = 64) as one cyclic convolution of r + 1 taps
 * (conv_taps.c), in pieces of 32 bits of the taps' GLV halves; conv.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/fk20/fk20.h"
#include "crypto/kzg/g1map/g1map.h"
#include "crypto/kzg/msm/msm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The split convolution's halved taps c+ then c- (kzg_conv_taps_split: r/2 + 1 each, pair
 * e at index e), malloc'd (NULL: no memory); the caller frees them. */
gc_fr *kzg_conv_split_taps(unsigned log_2r) {
    size_t h = (size_t)1 << (log_2r - 2);
    gc_fr *taps = malloc((2 * h + 1) * sizeof(gc_fr)), *split = malloc(2 * (h + 1) * sizeof(gc_fr));
    if (taps && split) {
        kzg_conv_taps(taps, log_2r);
        kzg_conv_taps_split(split, split + h + 1, taps, log_2r);
    } else {
        free(split);
        split = NULL;
    }
    free(taps);
    return split;
}

/* The G1 convolution's split taps (kzg_conv_taps_split) as the digits of their
 * KZG_CONV_PARTS pieces (gc_glv_wnaf_digits_parts) in g1_conv_taps' slots, c+ then c-,
 * `group` taps a slot: piece p of the pair e = 1 .. r/4 (the taps at distances d = 2e - 1
 * and r - d, which share a scalar: conv_taps.c) in slot 1 + p r/4 + (e - 1), or with
 * two taps in slot 1 + p r/8 + (e - 1) / 2, the pair e - 1 mod 2 of the slot; slot 0 (the
 * rest, no product) and the padding up to KZG_CONV_SLOTS (KZG_CONV_SLOTS2) have none. */
static gc_kzg_ret upload_conv_taps(gc_kzg_ctx *c, gc_buffer **out, unsigned group) {
    size_t h = (size_t)1 << (c->log_2r - 2), q = h / 2, per = 2 * GC_GLV_DIGITS, slot_bytes = group * per;
    size_t slots = group == 2 ? KZG_CONV_SLOTS2 : KZG_CONV_SLOTS;
    gc_fr *split = kzg_conv_split_taps(c->log_2r);
    unsigned char *digits = calloc(2 * slots, slot_bytes), pieces[KZG_CONV_PARTS * 2 * GC_GLV_DIGITS];
    gc_kzg_ret ret = GC_KZG_MALLOC;
    if (split && digits) {
        for (size_t half = 0; half < 2; half++)
            for (size_t e = 1; e <= q; e++) {
                unsigned char *at = digits + half * slots * slot_bytes + (e - 1) % group * per;
                gc_glv_wnaf_digits_parts(pieces, KZG_CONV_PARTS, KZG_CONV_WNAF_WIDTH, &split[half * (h + 1) + e]);
                for (size_t p = 0; p < KZG_CONV_PARTS; p++)
                    memcpy(at + (1 + p * (q / group) + (e - 1) / group) * slot_bytes, pieces + p * per, per);
            }
        ret = kzg_upload(c, out, digits, 2 * slots * slot_bytes, "G1 convolution taps");
    }
    free(split);
    free(digits);
    return ret;
}

void kzg_ctx_set_conv_group(gc_kzg_ctx *c, unsigned taps) { c->conv.group = taps == 1 || taps == 2 ? taps : 0; }

int kzg_g1_map_is_conv(const gc_kzg_ctx *c, size_t n) { return c->conv.blobs && n <= c->info.g1_conv_max_batch; }

/* 1: the FK20 MSM of a pass of n blobs also makes the convolution's pieces' points
 * (conv_hi_msm), which the pipeline's convolution then reads (kzg_stages_u_to_proofs);
 * larger passes make all three from u by doublings in the convolution's stage. */
int kzg_conv_pieces_by_msm(const gc_kzg_ctx *c, size_t n) {
    return kzg_g1_map_is_conv(c, n) && n <= c->conv.blobs && n <= KZG_CONV_PIECES_MSM_MAX_BATCH;
}

/* dst[dst_first + i] = [2^32] src[src_first + i], i < n_points (g1_conv_mul_pow32), by
 * teams of four through CUDA (or where --param fk20.conv_team asks for teams): a doubling
 * is two rounds of four products, so four lanes wait for two products in a row where two
 * wait for four and one for eight. The launch is small at any pass the convolution takes
 * (at most 16 blobs: 2,048 points, 256 warps of teams), so teams only shorten its chain
 * (docs/results/fk20.md). */
gc_kzg_ret kzg_conv_mul_pow32(gc_kzg_ctx *c, gc_buffer *src, uint32_t src_first, uint32_t dst_first,
                              uint32_t n_points) {
    uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_CONV, 1) > 1 ? 4 : 1; /* the conv site's teams, of four */
    gc_arg a[] = {GC_ARG_BUF(src),           GC_ARG_BUF(c->conv.hi), GC_ARG_VAL(src_first),
                  GC_ARG_VAL(dst_first),     GC_ARG_VAL(n_points),   GC_ARG_VAL(lanes)};
    return lanes > 1 ? kzg_launch_teams(c, K_G1_CONV_MUL_POW32_TEAM, (size_t)n_points * lanes, a, 6)
                     : kzg_launch_elements(c, K_G1_CONV_MUL_POW32, n_points, a, 5);
}

/* g1_conv_fold's launch of n work-items (two a pair of points) with its seven arguments f,
 * by teams of four where the sums' trees may take teams (CUDA, or --param fk20.sum_team
 * above 1; g1_conv_fold_team), as msm_parts_combine: a fold is one addition deep, and by
 * teams a lane waits for three products in a row instead of twelve. */
gc_kzg_ret kzg_conv_fold(gc_kzg_ctx *c, const gc_arg *f, size_t n) {
    uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_SUMS, 1) > 1 && n * 4 % KZG_TEAM_GROUP == 0 ? 4 : 1;
    if (lanes == 1) return kzg_launch_elements(c, K_G1_CONV_FOLD, n, f, 7);
    gc_arg a[] = {f[0], f[1], f[2], f[3], f[4], f[5], f[6], GC_ARG_VAL(lanes)};
    return kzg_launch_teams(c, K_G1_CONV_FOLD_TEAM, n * lanes, a, 8);
}

gc_kzg_ret kzg_stage_g1_conv(gc_kzg_ctx *c, size_t n, int hi_ready) {
    if (!c->conv.blobs) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the G1 convolution needs cell size 64 and g1_conv_max_batch > 0: this context has none");
        return GC_KZG_ERROR;
    }
    if (hi_ready && n > c->conv.blobs) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the G1 convolution's pieces hold %zu rows, not %zu", c->conv.blobs, n);
        return GC_KZG_ERROR;
    }
    uint32_t log_2r = c->log_2r, two_r = 1u << log_2r;
    /* in place, a slice of rows at a time: a slice reads only its own rows of bb.u */
    for (size_t first = 0; first < n; first += c->conv.blobs) {
        uint32_t row0 = (uint32_t)first, rows = (uint32_t)(n - first < c->conv.blobs ? n - first : c->conv.blobs);
        uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_CONV, rows); /* the team kernel takes them as an eighth argument */
        /* two taps a work-item where a product is one work-item (the teams take one) */
        uint32_t group = lanes > 1 ? 1 : c->conv.group ? c->conv.group : rows >= KZG_CONV_GROUP_MIN_ROWS ? 2 : 1;
        uint32_t slots = group == 2 ? KZG_CONV_SLOTS2 : KZG_CONV_SLOTS;
        /* the plain kernel takes the group as its eighth argument, the team kernel the lanes */
        gc_arg a[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->conv.hi), GC_ARG_BUF(group == 2 ? c->conv.digits2 : c->conv.digits),
                      GC_ARG_BUF(c->conv.products), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), lanes > 1 ? GC_ARG_VAL(lanes) : GC_ARG_VAL(group)};
        uint32_t all_parts = KZG_CONV_PARTS, one_part = 1; /* fold the inputs, then unfold the sums */
        uint32_t log_r = log_2r - 1; /* the folds pair points i and i + r */
        gc_arg f[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->conv.hi), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), GC_ARG_VAL(all_parts), GC_ARG_VAL(log_r)};
        gc_arg z[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->conv.hi), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_r)};
        uint32_t pts = rows * two_r; /* U_1, U_2, U_3 from u, 32 doublings each, unless the MSM made them */
        gc_kzg_ret ret = GC_KZG_OK;
        for (uint32_t p = 1; !hi_ready && !ret && p < KZG_CONV_PARTS; p++)
            ret = p == 1 ? kzg_conv_mul_pow32(c, c->batch.bb.u, row0 * two_r, 0, pts)
                         : kzg_conv_mul_pow32(c, c->conv.hi, (p - 2) * pts, (p - 1) * pts, pts);
        if (!ret) ret = kzg_conv_fold(c, f, (size_t)KZG_CONV_PARTS * rows * two_r);
        size_t products = (size_t)slots * rows * two_r;
        if (!ret)
            ret = lanes > 1 ? kzg_launch_teams(c, kzg_team_kernel(c, K_G1_CONV_TAPS_TEAM, K_G1_CONV_TAPS_TEAM_FULL, products * lanes),
                                           products * lanes, a, 8)
                            : kzg_launch_elements(c, K_G1_CONV_TAPS, products, a, 8);
        if (!ret) ret = kzg_sum_chunks(c, c->conv.products, c->conv.products2, slots, rows * two_r, c->batch.bb.u, row0 * two_r);
        if (!ret) ret = kzg_conv_fold(c, z, (size_t)rows * two_r);
        if (ret) return ret;
    }
    return GC_KZG_OK;
}

/* The G1 convolution's products and pieces for passes of up to g1_conv_max_batch blobs;
 * larger stage calls run in slices of that many (kzg_stage_g1_conv). None without it. */
gc_kzg_ret kzg_conv_alloc(gc_kzg_ctx *c) {
    size_t b = c->info.max_batch, two_r = (size_t)1 << c->log_2r;
    if (!c->info.g1_conv_max_batch) return GC_KZG_OK;
    c->conv.blobs = c->info.g1_conv_max_batch < b ? c->info.g1_conv_max_batch : b;
    size_t products = c->conv.blobs * two_r * KZG_CONV_SLOTS, hi_rows = c->conv.blobs * (KZG_CONV_PARTS - 1);
    size_t msm_blobs = c->conv.blobs < KZG_CONV_PIECES_MSM_MAX_BATCH ? c->conv.blobs : KZG_CONV_PIECES_MSM_MAX_BATCH;
    size_t conv_partials = kzg_most_msm_items(c, kzg_fk20_msm_shape, msm_blobs, 1); /* U_2's MSM (conv_hi_msm) */
    gc_fr scale, inv_2r, pow2, raw; /* 2^64 / 2r, raw (fr_to_int's scale) */
    gc_fr_fft_inv_n(&inv_2r, c->log_2r);
    gc_fr_zero(&raw);
    raw.l[2] = 1;
    gc_fr_to_mont(&pow2, &raw);
    gc_fr_mul(&pow2, &pow2, &inv_2r);
    gc_fr_from_mont(&scale, &pow2);
    gc_kzg_ret ret;
    if ((ret = upload_conv_taps(c, &c->conv.digits, 1)) || (ret = upload_conv_taps(c, &c->conv.digits2, 2)) ||
        (ret = kzg_upload(c, &c->conv.scale, &scale, sizeof scale, "scale")) ||
        (ret = kzg_upload(c, &c->conv.hi, NULL, hi_rows * two_r * sizeof(gc_g1p), "G1 convolution points")) ||
        (ret = kzg_upload(c, &c->conv.ints, NULL, msm_blobs * 8192 * sizeof(gc_fr), "G1 convolution MSM scalars")) ||
        (ret = kzg_upload(c, &c->conv.partials, NULL, conv_partials * sizeof(gc_g1p), "G1 convolution MSM partial sums")) ||
        (ret = kzg_upload(c, &c->conv.partials2, NULL, (conv_partials + 7) / 8 * sizeof(gc_g1p),
                      "G1 convolution MSM partial sums")) ||
        (ret = kzg_upload(c, &c->conv.products, NULL, products * sizeof(gc_g1p), "G1 convolution products")) ||
        (ret = kzg_upload(c, &c->conv.products2, NULL, products / 8 * sizeof(gc_g1p), "G1 convolution products")))
        return ret;
    c->info.batch_bytes += ((products * 9 / 8 + hi_rows * two_r + conv_partials * 9 / 8) * sizeof(gc_g1p) +
                            msm_blobs * 8192 * sizeof(gc_fr)) / b;
    return GC_KZG_OK;
}
