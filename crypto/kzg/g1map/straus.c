/* SPDX-License-Identifier: Apache-2.0 */
/* straus.c — the G1 map of batches (L = 64): the same convolution by Straus over groups
 * of taps; straus.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/g1map/g1map.h"
#include "crypto/kzg/msm/msm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The batches' convolution's taps (g1_conv_straus), for a row split once and then twice
 * (levels 1 and 2), each r/2 pairs: per segment of the row (kzg_conv_segment: the
 * segment from point b has its n/4 pairs from b/4) and pair e = 1 .. n/4, the width-4
 * digits of the tap's two GLV halves, whole. Split once the segments are the cyclic and
 * negacyclic halves (c+, c-: kzg_conv_taps_split); twice, the cyclic half's own split
 * (kzg_conv_taps_split of c+ at half the length: the same form, r/8 pairs each) and c-. */
static gc_kzg_ret upload_straus_digits(gc_kzg_ctx *c) {
    size_t h = (size_t)1 << (c->log_2r - 2), q = h / 2, per = 2 * GC_GLV_DIGITS;
    gc_fr *split = kzg_conv_split_taps(c->log_2r), *again = malloc(2 * (q + 1) * sizeof(gc_fr));
    unsigned char *digits = calloc(4 * q, per);
    gc_kzg_ret ret = GC_KZG_MALLOC;
    if (split && again && digits) {
        const gc_fr *minus = split + h + 1, *plus2 = again, *minus2 = again + q + 1;
        kzg_conv_taps_split(again, again + q + 1, split, c->log_2r - 1);
        for (size_t e = 1; e <= q; e++) { /* levels 1: c+ from point 0, c- from point r */
            gc_glv_wnaf_digits_parts(digits + (e - 1) * per, 1, 4, &split[e]);
            gc_glv_wnaf_digits_parts(digits + (q + e - 1) * per, 1, 4, &minus[e]);
        }
        unsigned char *two = digits + 2 * q * per; /* levels 2: from points 0, r/2 and r */
        for (size_t e = 1; e <= q / 2; e++) {
            gc_glv_wnaf_digits_parts(two + (e - 1) * per, 1, 4, &plus2[e]);
            gc_glv_wnaf_digits_parts(two + (q / 2 + e - 1) * per, 1, 4, &minus2[e]);
        }
        memcpy(two + q * per, digits + q * per, q * per);
        ret = kzg_upload(c, &c->straus.digits, digits, 4 * q * per, "G1 convolution taps (batches)");
    }
    free(split);
    free(again);
    free(digits);
    return ret;
}

/* The groups of g1_conv_straus<taps> in a segment of `pairs` pairs (straus.gc's
 * kzg_straus_groups: pairs / taps, or for 3 groups of three with the remainder spread). */
static uint32_t straus_groups(uint32_t pairs, uint32_t taps) {
    return taps == 3 ? (pairs * 5 + 15) / 16 : pairs / taps;
}

/* The work-items of g1_conv_straus with products (kzg_straus_locate: every group an
 * output's segment has; split twice, the outputs k < r have the groups of q / 2 pairs). */
static size_t straus_product_items(uint32_t rows, uint32_t log_2r, uint32_t taps, uint32_t levels) {
    size_t groups = straus_groups(1u << (log_2r - 3), taps);
    size_t shared = levels == 2 ? straus_groups(1u << (log_2r - 4), taps) : groups;
    return (size_t)rows * ((shared << log_2r) + ((groups - shared) << (log_2r - 1)));
}

gc_kzg_ret kzg_stage_g1_straus(gc_kzg_ctx *c, size_t n) {
    if (!c->straus.products) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the batches' G1 convolution needs cell size 64: this context has none");
        return GC_KZG_ERROR;
    }
    /* Taps a work-item: 2 where that launch's products fit one wave of 8 warps an SM (256
     * work-items), else 4 where they fit one of 12 (384, the kernels' 168-register cap),
     * else 8. Fewer taps give shorter chains but more doublings per product: 2 taps only
     * pay below 8 warps an SM; the rule's choices were the fastest at 32 to 128 blobs
     * (docs/results/fk20.md). */
    uint32_t log_2r = c->log_2r, rows = (uint32_t)n, outputs = rows << log_2r, q = 1u << (log_2r - 3);
    uint32_t levels = c->straus.levels;
    size_t sms = gc_device_get_info(c->dev)->compute_units;
    uint32_t taps = c->straus.taps;
    if (!taps)
        taps = straus_product_items(rows, log_2r, 2, levels) <= 256 * sms   ? 2
               : straus_product_items(rows, log_2r, 3, levels) <= 256 * sms ? 3
               : straus_product_items(rows, log_2r, 4, levels) <= 384 * sms ? 4
                                                                            : 8;
    size_t items = straus_product_items(rows, log_2r, taps, levels) + outputs; /* then a rest an output */
    kzg_kernel_id kid = taps == 2   ? K_G1_CONV_STRAUS2
                        : taps == 3 ? K_G1_CONV_STRAUS3
                        : taps == 4 ? K_G1_CONV_STRAUS4
                                    : K_G1_CONV_STRAUS8;
    uint32_t slots = 1 + straus_groups(q, taps), one_part = 1, row0 = 0; /* the rest, then the groups */
    uint32_t log_r = log_2r - 1, log_half_r = log_2r - 2;
    /* fold u (one part: no pieces) mod X^r -+ 1, then with levels 2 its cyclic half mod X^(r/2) -+ 1 */
    gc_arg f[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->batch.bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                  GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_r)};
    gc_arg f2[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->batch.bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                   GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_half_r)};
    /* three taps: the blocks of 2- and 4-tap groups paired on the SMs (kzg_straus3_block),
     * a round of blocks the SM count (--param fk20.g1_straus_pairing: 0 off, N >= 2 a stride) */
    uint32_t stride = taps != 3 ? 0 : c->straus.pairing == 1 ? (uint32_t)sms : c->straus.pairing;
    gc_arg a[] = {GC_ARG_BUF(c->batch.bb.u), GC_ARG_BUF(c->straus.digits), GC_ARG_BUF(c->straus.products),
                  GC_ARG_VAL(log_2r), GC_ARG_VAL(rows), GC_ARG_VAL(levels), GC_ARG_VAL(stride)};
    gc_kzg_ret ret = kzg_conv_fold(c, f, outputs);
    if (!ret && levels == 2) ret = kzg_conv_fold(c, f2, outputs / 2);
    if (!ret) ret = kzg_launch_elements(c, kid, items, a, 7);
    if (!ret) ret = kzg_sum_chunks(c, c->straus.products, c->straus.products2, slots, outputs, c->batch.bb.u, 0);
    if (!ret && levels == 2) ret = kzg_conv_fold(c, f2, outputs / 2); /* (P', P'') -> P */
    if (!ret) ret = kzg_conv_fold(c, f, outputs); /* (P, M) -> the proofs */
    return ret;
}

void kzg_ctx_set_straus_min_batch(gc_kzg_ctx *c, size_t n) { c->straus.min_batch = n; }

void kzg_ctx_set_straus_taps(gc_kzg_ctx *c, unsigned taps) {
    c->straus.taps = taps == 2 || taps == 3 || taps == 4 || taps == 8 ? taps : 0;
}

void kzg_ctx_set_straus_pairing(gc_kzg_ctx *c, unsigned stride) { c->straus.pairing = stride; }

void kzg_ctx_set_straus_levels(gc_kzg_ctx *c, unsigned levels) { c->straus.levels = levels == 1 ? 1 : 2; }

/* The batches' convolution's buffers for passes of max_batch blobs (L = 64). */
gc_kzg_ret kzg_straus_alloc(gc_kzg_ctx *c) {
    size_t b = c->info.max_batch, two_r = (size_t)1 << c->log_2r, straus = b * two_r * KZG_STRAUS_MAX_SLOTS;
    gc_kzg_ret ret;
    if ((ret = upload_straus_digits(c)) ||
        (ret = kzg_upload(c, &c->straus.products, NULL, straus * sizeof(gc_g1p), "G1 convolution products (batches)")) ||
        (ret = kzg_upload(c, &c->straus.products2, NULL, (straus + 7) / 8 * sizeof(gc_g1p),
                          "G1 convolution products (batches)")))
        return ret;
    c->info.batch_bytes += two_r * KZG_STRAUS_MAX_SLOTS * 9 / 8 * sizeof(gc_g1p);
    return GC_KZG_OK;
}
