/* kzg_ctx.c — the per-device KZG context: the precomputation (FK20's FFT of the setup,
 * fixed-base MSM tables) and the stages of kzg_kernels.gc launched over batches. */
#include "crypto/kzg/kzg_internal.h"
#include "common/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kernel_names[K_COUNT] = {
    [K_BLOB_TO_FR] = "kzg_blob_to_fr",         [K_POLY_EXTEND_BRP] = "kzg_poly_extend_brp",
    [K_FR_TO_BYTES_BRP] = "kzg_fr_to_bytes_brp", [K_FR_FFT_ROWS] = "fr_fft_rows",
    [K_FR_FFT_ROW_BLOCKS] = "fr_fft_row_blocks", [K_CELLS_FFT_IN] = "kzg_cells_fft_in",
    [K_CELLS_FFT_OUT] = "kzg_cells_fft_out",   [K_FK20_CIRCULANT] = "fk20_circulant",
    [K_FK20_CIRCULANT_FFT] = "fk20_circulant_fft", [K_FR_TO_INT] = "fr_to_int",
    [K_BLOB_FFT_IN] = "kzg_blob_fft_in", [K_FK20_CIRCULANT_FFT_INTS] = "fk20_circulant_fft_ints",
    [K_MSM_COMB] = "msm_comb",                 [K_MSM_COMB_AFFINE] = "msm_comb_affine",
    [K_MSM_VAR] = "msm_var",
    [K_MSM_COMB_POWERS] = "msm_comb_powers",   [K_MSM_COMB_TABLE_BUILD] = "msm_comb_table_build",
    [K_G1_SUM_CHUNKS] = "g1_sum_chunks",     [K_G1_SUM_TREE] = "g1_sum_tree",
    [K_G1_BITREV_ROWS] = "g1_bitrev_rows",     [K_G1_FFT_STAGE] = "g1_fft_stage",
    [K_G1_FFT_PAIR_PRODUCTS] = "g1_fft_pair_products", [K_G1_FFT_PAIR_PRODUCTS_TEAM] = "g1_fft_pair_products_team",
    [K_G1_FFT_PAIR_PRODUCTS_TEAM_FULL] = "g1_fft_pair_products_team_full",
    [K_G1_FFT_PAIR_COMBINE] = "g1_fft_pair_combine",
    [K_G1_CLEAR_UPPER_HALF] = "g1_clear_upper_half", [K_G1_CONV_MUL_POW32] = "g1_conv_mul_pow32",
    [K_G1_CONV_MUL_POW32_TEAM] = "g1_conv_mul_pow32_team",
    [K_G1_CONV_FOLD] = "g1_conv_fold", [K_G1_CONV_FOLD_TEAM] = "g1_conv_fold_team",
    [K_G1_CONV_TAPS] = "g1_conv_taps", [K_G1_CONV_TAPS_TEAM] = "g1_conv_taps_team",
    [K_G1_CONV_TAPS_TEAM_FULL] = "g1_conv_taps_team_full",
    [K_G1_SUM_TREE_TEAM] = "g1_sum_tree_team",
    [K_G1_MSM_PARTS_COMBINE] = "g1_msm_parts_combine", [K_G1_MSM_PARTS_COMBINE_TEAM] = "g1_msm_parts_combine_team",
    [K_G1_CONV_STRAUS2] = "g1_conv_straus2", [K_G1_CONV_STRAUS3] = "g1_conv_straus3",
    [K_G1_CONV_STRAUS4] = "g1_conv_straus4",
    [K_G1_CONV_STRAUS8] = "g1_conv_straus8",
    [K_G1_COMPRESS_ROWS] = "g1_compress_rows",
};

#define ELEMENT_WG 64 /* work-group size of the one-item-per-element kernels */

gc_kzg_ret kzg_device_error(gc_kzg_ctx *c, gc_status st, const char *what) {
    c->last_status = st;
    snprintf(c->last_message, sizeof c->last_message, "%s: %s: %s", what, gc_status_name(st), gc_last_error());
    if (st == GC_ERR_DEVICE_MEMORY) return GC_KZG_DEVICE_MEMORY;
    if (st == GC_ERR_NO_MEMORY) return GC_KZG_MALLOC;
    return GC_KZG_DEVICE;
}

gc_status gc_kzg_ctx_last_device_status(const gc_kzg_ctx *ctx, const char **message) {
    if (message) *message = ctx ? ctx->last_message : "";
    return ctx ? ctx->last_status : GC_ERR_ARGUMENT;
}

gc_kzg_ret kzg_use_queue(gc_kzg_ctx *c, unsigned queue) {
    gc_status st = gc_device_select_queue(c->dev, queue);
    return st ? kzg_device_error(c, st, "selecting a device queue") : GC_KZG_OK;
}

gc_kzg_ret kzg_queue_after(gc_kzg_ctx *c, unsigned waiter, unsigned waited) {
    gc_status st = gc_device_queue_wait(c->dev, waiter, waited);
    return st ? kzg_device_error(c, st, "ordering the device queues") : GC_KZG_OK;
}

/* One work-item per element: n elements, work-groups of ELEMENT_WG (or the kernel's
 * limit), the global size rounded up (the kernels return past n). */
static gc_kzg_ret launch_elements(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs) {
    size_t wg = ELEMENT_WG, lim = gc_kernel_max_work_group_size(c->k[id]);
    if (lim < wg) wg = lim;
    gc_range r = {1, {(n + wg - 1) / wg * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kernel_names[id]) : GC_KZG_OK;
}

/* `groups` work-groups of exactly `wg` work-items (the kernel's loops assume it; callers
 * check the kernel's limit first). */
static gc_kzg_ret launch_group(gc_kzg_ctx *c, kzg_kernel_id id, size_t groups, size_t wg, const gc_arg *args,
                               size_t nargs) {
    gc_range r = {1, {groups * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kernel_names[id]) : GC_KZG_OK;
}

/* Work-groups of the team kernels (g1_team.gc): KZG_TEAM_GROUP work-items, n of them in
 * all (the callers' sizes are whole groups; the kernels return by whole groups); a device
 * that cannot run groups that large cannot run them. */
static gc_kzg_ret launch_teams(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs) {
    if (gc_kernel_max_work_group_size(c->k[id]) < KZG_TEAM_GROUP || n % KZG_TEAM_GROUP) {
        snprintf(c->last_message, sizeof c->last_message, "%s needs whole work-groups of %u (%zu work-items)",
                 kernel_names[id], KZG_TEAM_GROUP, n);
        return GC_KZG_DEVICE;
    }
    return launch_group(c, id, n / KZG_TEAM_GROUP, KZG_TEAM_GROUP, args, nargs);
}

/* One work-group per row: rows groups of min(threads, 256, the kernel's limit). */
static gc_kzg_ret launch_rows(gc_kzg_ctx *c, kzg_kernel_id id, size_t rows, size_t threads, const gc_arg *args,
                              size_t nargs) {
    size_t wg = threads < 256 ? threads : 256, lim = gc_kernel_max_work_group_size(c->k[id]);
    if (lim < wg) wg = lim;
    gc_range r = {1, {rows * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kernel_names[id]) : GC_KZG_OK;
}

static gc_kzg_ret upload(gc_kzg_ctx *c, gc_buffer **out, const void *data, size_t bytes, const char *what) {
    gc_status st = gc_buffer_alloc(c->dev, bytes, GC_MEM_DEVICE, out);
    if (!st && data) st = gc_buffer_write(*out, 0, data, bytes);
    return st ? kzg_device_error(c, st, what) : GC_KZG_OK;
}

/* Twiddles of a size-2^log_n transform: Fr values for the Fr FFTs. */
static gc_kzg_ret upload_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
    size_t half = (size_t)1 << (log_n - 1);
    gc_fr *tw = malloc(half * sizeof(gc_fr));
    if (!tw) return GC_KZG_MALLOC;
    gc_fr_fft_twiddles(tw, log_n, inverse);
    gc_kzg_ret ret = upload(c, out, tw, half * sizeof(gc_fr), "twiddles");
    free(tw);
    return ret;
}

/* Fr scalars of the G1 kernels' fixed products as the wNAF digits of their GLV splits
 * (glv.gc, 2 GC_GLV_DIGITS bytes each): `count` scalars in `slots` entries, those past
 * `count` zero (never read). */
static gc_kzg_ret upload_glv_digits(gc_kzg_ctx *c, gc_buffer **out, const gc_fr *scalars, size_t count,
                                    size_t slots, const char *what) {
    size_t per = 2 * GC_GLV_DIGITS;
    unsigned char *digits = calloc(slots, per);
    if (!digits) return GC_KZG_MALLOC;
    for (size_t i = 0; i < count; i++) gc_glv_wnaf_digits(digits + i * per, &scalars[i]);
    gc_kzg_ret ret = upload(c, out, digits, slots * per, what);
    free(digits);
    return ret;
}

/* The G1 transforms' twiddles (g1_fft_stage). */
static gc_kzg_ret upload_g1_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
    size_t half = (size_t)1 << (log_n - 1);
    gc_fr *tw = malloc(half * sizeof(gc_fr));
    if (!tw) return GC_KZG_MALLOC;
    gc_fr_fft_twiddles(tw, log_n, inverse);
    gc_kzg_ret ret = upload_glv_digits(c, out, tw, half, half, "G1 twiddles");
    free(tw);
    return ret;
}

/* The split convolution's halved taps c+ then c- (kzg_conv_taps_split: r/2 + 1 each, pair
 * e at index e), malloc'd (NULL: no memory); the caller frees them. */
static gc_fr *conv_split_taps(unsigned log_2r) {
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
 * and r - d, which share a scalar: kzg_conv_taps.c) in slot 1 + p r/4 + (e - 1), or with
 * two taps in slot 1 + p r/8 + (e - 1) / 2, the pair e - 1 mod 2 of the slot; slot 0 (the
 * rest, no product) and the padding up to KZG_CONV_SLOTS (KZG_CONV_SLOTS2) have none. */
static gc_kzg_ret upload_conv_taps(gc_kzg_ctx *c, gc_buffer **out, unsigned group) {
    size_t h = (size_t)1 << (c->log_2r - 2), q = h / 2, per = 2 * GC_GLV_DIGITS, slot_bytes = group * per;
    size_t slots = group == 2 ? KZG_CONV_SLOTS2 : KZG_CONV_SLOTS;
    gc_fr *split = conv_split_taps(c->log_2r);
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
        ret = upload(c, out, digits, 2 * slots * slot_bytes, "G1 convolution taps");
    }
    free(split);
    free(digits);
    return ret;
}

/* The batches' convolution's taps (g1_conv_straus), for a row split once and then twice
 * (levels 1 and 2), each r/2 pairs: per segment of the row (kzg_conv_segment: the
 * segment from point b has its n/4 pairs from b/4) and pair e = 1 .. n/4, the width-4
 * digits of the tap's two GLV halves, whole. Split once the segments are the cyclic and
 * negacyclic halves (c+, c-: kzg_conv_taps_split); twice, the cyclic half's own split
 * (kzg_conv_taps_split of c+ at half the length: the same form, r/8 pairs each) and c-. */
static gc_kzg_ret upload_straus_digits(gc_kzg_ctx *c) {
    size_t h = (size_t)1 << (c->log_2r - 2), q = h / 2, per = 2 * GC_GLV_DIGITS;
    gc_fr *split = conv_split_taps(c->log_2r), *again = malloc(2 * (q + 1) * sizeof(gc_fr));
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
        ret = upload(c, &c->straus_digits, digits, 4 * q * per, "G1 convolution taps (batches)");
    }
    free(split);
    free(again);
    free(digits);
    return ret;
}

/* The first stage that the fused G1 stage pairs start from: the pairs cover the stages
 * (s, s + 1) up to the last, so with an odd count stage 0 runs alone (its twiddles are 1). */
static unsigned first_pair_stage(unsigned log_n) { return log_n & 1u; }

/* The scalars of the fused stage pairs (g1_fft_pair_products in kzg_kernels.gc): for
 * each pair (s, s + 1) from first_pair_stage, h = 2^s, j < h: t, u, ut, u', u't with
 * u = w_4h^j, u' = w_4h^(j + h), t = u^2. */
static gc_kzg_ret upload_g1_pair_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
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
        ret = upload_glv_digits(c, out, sc, count, count, "G1 pair twiddles");
    }
    free(tw);
    free(sc);
    return ret;
}

void kzg_ctx_set_two_queues(gc_kzg_ctx *c, int on) { c->two_queues = on != 0; }

void kzg_ctx_set_team(gc_kzg_ctx *c, kzg_team_site site, unsigned lanes) {
    if (site < KZG_TEAM_SITES) c->team[site] = lanes == 1 || lanes == 2 || lanes == 4 ? lanes : 0;
}

/* By default each team site runs through CUDA by teams of two up to a size measured on an
 * H100, beyond it and through OpenCL (local memory and barriers, slower) one work-item an
 * operation (docs/results/fk20.md):
 * - the fused pairs' twiddle products, up to KZG_TEAM_MAX_POINTS points (128 blobs at
 *   L = 64): the G1 FFTs of 64 blobs took 12.25 ms one work-item a product, 9.28 by teams
 *   of two and 9.54-9.69 by teams of four, of 128 blobs 16.3, 13.7 and 16.5; through
 *   NVIDIA's OpenCL 20.8 and 20.7 at 64 blobs, 35.6 and 38.4 at 128; on PoCL's CPU device
 *   L = 16's one-row G1 FFT took 0.8 s one work-item a product, 4.5 s by teams of four;
 * - the convolution's products, up to one row: its 516 warps are one a partition (132 SMs
 *   x 4) and the launch waits for one piece's chain; teams of two halve the products on it
 *   and fill a second warp slot (run100.sh: one blob's proofs 1.606-1.620 -> 1.514-1.522
 *   ms, the products 0.79 -> 0.53 ms under Nsight Compute, 1.0 -> 1.9 warps a partition;
 *   teams of four 1.83-1.87); at two warps a partition the teams only add their exchanges
 *   (twelfth session, before the split: 0.93 -> 1.17 ms at 1,028 warps);
 * - the small sums' trees, up to 128 outputs (run103.sh, Nsight Compute): the
 *   convolution's (128 outputs of 136 chunks) 113 -> 74 us, the MSM's (128 of 64)
 *   86 -> 57, the commitment's last (1 of 64) 84 -> 55, but the pieces' MSM's (384 of 64:
 *   1,536 warps) 116 -> 123; one blob's proofs 1.50-1.53 -> 1.43-1.45 ms, teams of four
 *   1.49-1.52. Since the thirty-third session up to 256 outputs, and by teams of four up
 *   to 128 (sum_tree_lanes). */
static const uint32_t team_default_max[KZG_TEAM_SITES] = {KZG_TEAM_MAX_POINTS, 1, KZG_SUM_TEAM_MAX_OUT};

/* Work-items per operation at `site` for a launch of `size` (points of the pairs, rows of
 * the convolution, outputs of the trees): the context's setting, or the default above. */
static uint32_t team_lanes(const gc_kzg_ctx *c, kzg_team_site site, uint32_t size) {
    if (c->team[site]) return c->team[site];
    const gc_device_info *in = gc_device_get_info(c->dev);
    return in->backend == GC_BACKEND_CUDA && in->is_gpu && size <= team_default_max[site] ? 2 : 1;
}

void kzg_ctx_set_team_sm_warps(gc_kzg_ctx *c, unsigned warps) {
    c->team_sm_warps = warps == KZG_TEAM_SM_WARPS_FULL || warps == KZG_TEAM_SM_WARPS_CAPPED ? warps : 0;
}

/* Of a team kernel's two register budgets (kzg_kernels.gc: `capped`, 168 registers a
 * work-item, and `full`, 255), the one for a launch of n work-items: the full one where
 * all its one-warp work-groups are resident at once (at most KZG_TEAM_SM_WARPS_FULL an
 * SM), else the capped one, whose larger launches take fewer waves. On an H100 (run179.sh)
 * the full budget took one blob's convolution products 0.823 -> 0.778 ms and 64 blobs' G1
 * FFTs 9.25 -> 9.06 (640 warps), but 128 blobs' 13.57 -> 15.0 (1,280 warps, two waves). */
static kzg_kernel_id team_kernel(const gc_kzg_ctx *c, kzg_kernel_id capped, kzg_kernel_id full, size_t n) {
    unsigned warps = c->team_sm_warps;
    if (!warps) {
        size_t units = gc_device_get_info(c->dev)->compute_units;
        warps = n / KZG_TEAM_GROUP <= KZG_TEAM_SM_WARPS_FULL * units ? KZG_TEAM_SM_WARPS_FULL : KZG_TEAM_SM_WARPS_CAPPED;
    }
    return warps == KZG_TEAM_SM_WARPS_FULL ? full : capped;
}

gc_kzg_ret kzg_ctx_set_g1_pair_max_points(gc_kzg_ctx *c, size_t points) {
    gc_status st = gc_device_finish(c->dev); /* no launch may still use the old scratch */
    if (st) return kzg_device_error(c, st, "G1 pair products");
    gc_buffer_free(c->pair_scratch);
    c->pair_scratch = NULL;
    c->g1_pair_max_points = 0;
    if (!points) return GC_KZG_OK;
    size_t quads = (points + 3) / 4; /* five products per quad of points */
    gc_kzg_ret ret = upload(c, &c->pair_scratch, NULL, quads * 5 * sizeof(gc_g1p), "G1 pair products");
    if (!ret) c->g1_pair_max_points = points;
    return ret;
}

/* The raw integer (not Montgomery form) of 1/2^log_n, the MSM scalars' scale. */
static gc_fr inv_pow2_raw(unsigned log_n) {
    gc_fr m, raw;
    gc_fr_fft_inv_n(&m, log_n);
    gc_fr_from_mont(&raw, &m);
    return raw;
}

/* ---- stages ---------------------------------------------------------------------- */

/* Each pass flags its bad blobs with a mark of its own (c->flag_mark, one more each
 * pass), so the flags need no clearing between passes: clearing them was a blocking fill,
 * which made the host wait for the blobs' transfer before it queued the first kernel. The
 * flags are zeroed (blocking) only where the mark starts over: a fresh buffer, or the
 * 2^32 - 1 passes after it. */
static gc_kzg_ret next_flag_mark(gc_kzg_ctx *c) {
    if (++c->flag_mark == 0) {
        gc_status st = gc_buffer_fill_byte(c->bb.bad, 0);
        if (st) return kzg_device_error(c, st, "clearing the blob flags");
        c->flag_mark = 1;
    }
    return GC_KZG_OK;
}

gc_kzg_ret kzg_stage_blob_to_fr(gc_kzg_ctx *c, size_t n) {
    gc_kzg_ret ret = next_flag_mark(c);
    if (ret) return ret;
    uint32_t count = (uint32_t)(n << KZG_LOG_BLOB), mark = c->flag_mark;
    gc_arg a[] = {GC_ARG_BUF(c->bb.blobs), GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.bad), GC_ARG_VAL(count),
                  GC_ARG_VAL(mark)};
    return launch_elements(c, K_BLOB_TO_FR, count, a, 5);
}

void kzg_flags_of_pass(const gc_kzg_ctx *c, uint32_t *bad, size_t n) {
    for (size_t i = 0; i < n; i++) bad[i] = bad[i] == c->flag_mark;
}

/* The split of a transform of size 2^log_n into block launches: one (spans[0] = log_n)
 * up to KZG_FFT_BLOCK_LOG_MAX stages, else two of half the stages each; 0 where a
 * half is larger than a local block or a work-group of kernel `id` cannot hold its
 * butterflies (then one work-group a row, fr_fft_rows). */
static uint32_t fft_block_launches(const gc_kzg_ctx *c, kzg_kernel_id id, uint32_t log_n, uint32_t spans[2]) {
    uint32_t halves = log_n > KZG_FFT_BLOCK_LOG_MAX ? 2 : 1;
    spans[0] = halves == 2 ? log_n / 2 : log_n;
    spans[1] = log_n - spans[0];
    uint32_t widest = spans[0] > spans[1] ? spans[0] : spans[1];
    if (c->fr_fft_rows_only || widest > KZG_FFT_BLOCK_LOG_MAX ||
        gc_kernel_max_work_group_size(c->k[id]) < (1u << (widest - 1)))
        return 0;
    return halves;
}

/* One launch of fr_fft_row_blocks: stages [s0, s1) of the n rows' transforms. */
static gc_kzg_ret fr_fft_blocks(gc_kzg_ctx *c, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, uint32_t log_n,
                                uint32_t row_len, size_t n, uint32_t s0, uint32_t s1, uint32_t flags) {
    gc_arg a[] = {GC_ARG_BUF(data), GC_ARG_BUF(tw), GC_ARG_BUF(scale), GC_ARG_VAL(log_n), GC_ARG_VAL(row_len),
                  GC_ARG_VAL(s0),   GC_ARG_VAL(s1), GC_ARG_VAL(flags)};
    return launch_group(c, K_FR_FFT_ROW_BLOCKS, n << (log_n - (s1 - s0)), (size_t)1 << (s1 - s0 - 1), a, 8);
}

/* The DIT transform of size 2^log_n of each of n rows of `data` (rows of row_len
 * elements, already in bit-reversed order), twiddles tw, `scale_flag` KZG_FFT_SCALE or 0
 * (by scale[0] after the last stage): one launch of fr_fft_row_blocks (blocks in local
 * memory) up to KZG_FFT_BLOCK_LOG_MAX stages, else two of half the stages each. Where a
 * work-group cannot hold a block's butterflies, or a half is larger than the local
 * block, one work-group a row in global memory (fr_fft_rows). H100 (docs/results/fk20.md,
 * the twenty-fifth session, run207.sh), against fr_fft_rows at 64 / 128 blobs and the
 * global-memory blocks at one: the polynomials 0.268 -> 0.102 / 0.307 -> 0.175 ms, the
 * cells 0.571 -> 0.229 / 0.675 -> 0.410, the circulant rows 0.304 -> 0.138 / 0.583 ->
 * 0.253; one blob's 0.034 -> 0.029-0.032 and 0.040 -> 0.033-0.035. Blocks through global
 * memory at every batch, or fr_fft_rows with work-groups of 1,024, were slower than
 * fr_fft_rows (run206.sh). */
static gc_kzg_ret fr_fft(gc_kzg_ctx *c, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, uint32_t log_n,
                         uint32_t row_len, size_t n, uint32_t scale_flag) {
    uint32_t spans[2], halves = fft_block_launches(c, K_FR_FFT_ROW_BLOCKS, log_n, spans);
    if (!halves) {
        gc_arg a[] = {GC_ARG_BUF(data),  GC_ARG_BUF(tw),      GC_ARG_BUF(scale),
                      GC_ARG_VAL(log_n), GC_ARG_VAL(row_len), GC_ARG_VAL(scale_flag)};
        return launch_rows(c, K_FR_FFT_ROWS, n, (size_t)1 << (log_n - 1), a, 6);
    }
    gc_kzg_ret ret = GC_KZG_OK;
    for (uint32_t h = 0; h < halves && !ret; h++) {
        uint32_t s0 = h ? spans[0] : 0, s1 = h ? log_n : spans[0], flags = h + 1 == halves ? scale_flag : 0u;
        ret = fr_fft_blocks(c, data, tw, scale, log_n, row_len, n, s0, s1, flags);
    }
    return ret;
}

gc_kzg_ret kzg_stage_poly_ifft(gc_kzg_ctx *c, size_t n) {
    /* The blob holds the evaluations in bit-reversed order: exactly the order the DIT
     * transform starts from, so no permutation. */
    return fr_fft(c, c->bb.poly, c->itw_4096, c->inv_4096, KZG_LOG_BLOB, 1u << KZG_LOG_BLOB, n, KZG_FFT_SCALE);
}

/* The two stages above as two launches where the transform takes two block launches and
 * kzg_blob_fft_in's work-group holds its first half's (kzg_blob_fft_in_split: the stage
 * where the halves meet, 0 where not): that one reads the blob bytes itself, a launch
 * fewer on the pass's critical path. */
uint32_t kzg_blob_fft_in_split(const gc_kzg_ctx *c) {
    uint32_t spans[2];
    if (fft_block_launches(c, K_FR_FFT_ROW_BLOCKS, KZG_LOG_BLOB, spans) != 2 ||
        fft_block_launches(c, K_BLOB_FFT_IN, KZG_LOG_BLOB, spans) != 2)
        return 0;
    return spans[0];
}

/* The two launches, kzg_blob_fft_in reading words from offset / 4 of src. */
static gc_kzg_ret blob_to_poly_launches(gc_kzg_ctx *c, size_t n, gc_buffer *src, size_t offset, uint32_t split) {
    gc_kzg_ret ret = next_flag_mark(c);
    uint32_t mark = c->flag_mark, first_word = (uint32_t)(offset / 4);
    gc_arg in[] = {GC_ARG_BUF(src),          GC_ARG_VAL(first_word), GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.bad),
                   GC_ARG_BUF(c->itw_4096), GC_ARG_VAL(split),      GC_ARG_VAL(mark)};
    if (!ret) ret = launch_group(c, K_BLOB_FFT_IN, n << (KZG_LOG_BLOB - split), (size_t)1 << (split - 1), in, 7);
    return ret ? ret
               : fr_fft_blocks(c, c->bb.poly, c->itw_4096, c->inv_4096, KZG_LOG_BLOB, 1u << KZG_LOG_BLOB, n, split,
                               KZG_LOG_BLOB, KZG_FFT_SCALE);
}

gc_kzg_ret kzg_stage_blob_to_poly(gc_kzg_ctx *c, size_t n) {
    uint32_t split = kzg_blob_fft_in_split(c);
    if (split) return blob_to_poly_launches(c, n, c->bb.blobs, 0, split);
    gc_kzg_ret ret = kzg_stage_blob_to_fr(c, n);
    return ret ? ret : kzg_stage_poly_ifft(c, n);
}

gc_kzg_ret kzg_stage_blob_to_poly_from(gc_kzg_ctx *c, size_t n, gc_buffer *src, size_t offset) {
    uint32_t split = kzg_blob_fft_in_split(c);
    if (!split || offset % 4 || offset / 4 > UINT32_MAX) {
        snprintf(c->last_message, sizeof c->last_message, "kzg_blob_fft_in cannot read these blobs (offset %zu)", offset);
        return GC_KZG_ERROR;
    }
    return blob_to_poly_launches(c, n, src, offset, split);
}

/* The cells: with blocks (both sides' kernels able to), the transform's two launches
 * read the coefficients and write the bytes themselves (kzg_cells_fft_in, _out); else
 * kzg_poly_extend_brp, the transform, kzg_fr_to_bytes_brp. H100 (the twenty-fifth
 * session, run210.sh, against the unfused blocks): 64 blobs 0.228 -> 0.165 ms, 128 blobs
 * 0.409 -> 0.297, one blob 0.031-0.034 -> 0.026-0.027. */
gc_kzg_ret kzg_stage_cells(gc_kzg_ctx *c, size_t n) {
    uint32_t count = (uint32_t)(n << KZG_LOG_EXT), spans[2];
    if (fft_block_launches(c, K_CELLS_FFT_IN, KZG_LOG_EXT, spans) == 2 &&
        fft_block_launches(c, K_CELLS_FFT_OUT, KZG_LOG_EXT, spans) == 2) {
        uint32_t split = spans[0]; /* the in launch's stages end there, the out launch's begin */
        gc_arg in[] = {GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.ext), GC_ARG_BUF(c->tw_8192), GC_ARG_VAL(split)};
        gc_arg out[] = {GC_ARG_BUF(c->bb.ext), GC_ARG_BUF(c->bb.out_bytes), GC_ARG_BUF(c->tw_8192), GC_ARG_VAL(split)};
        gc_kzg_ret ret = launch_group(c, K_CELLS_FFT_IN, n << (KZG_LOG_EXT - spans[0]), (size_t)1 << (spans[0] - 1), in, 4);
        return ret ? ret : launch_group(c, K_CELLS_FFT_OUT, n << spans[0], (size_t)1 << (spans[1] - 1), out, 4);
    }
    gc_arg e[] = {GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.ext), GC_ARG_VAL(count)};
    gc_arg b[] = {GC_ARG_BUF(c->bb.ext), GC_ARG_BUF(c->bb.out_bytes), GC_ARG_VAL(count)};
    gc_kzg_ret ret;
    if ((ret = launch_elements(c, K_POLY_EXTEND_BRP, count, e, 3)) ||
        (ret = fr_fft(c, c->bb.ext, c->tw_8192, c->inv_4096, KZG_LOG_EXT, 1u << KZG_LOG_EXT, n, 0)))
        return ret;
    return launch_elements(c, K_FR_TO_BYTES_BRP, count, b, 3);
}

gc_kzg_ret kzg_stage_circulant_fft(gc_kzg_ctx *c, size_t n) {
    uint32_t count = (uint32_t)(n << KZG_LOG_EXT), log_l = c->log_l, log_2r = c->log_2r;
    uint32_t row = 1u << c->log_2r, flags = 0;
    gc_arg a[] = {GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.circ), GC_ARG_VAL(log_l), GC_ARG_VAL(count)};
    uint32_t spans[2];
    /* the rows made in local memory (H100, run210.sh: 64 blobs 0.138 -> 0.063 ms, 128 blobs
     * 0.254 -> 0.109-0.159, one blob 0.018 -> 0.015-0.017) */
    if (fft_block_launches(c, K_FK20_CIRCULANT_FFT, log_2r, spans) == 1) {
        gc_arg f[] = {GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->bb.circ), GC_ARG_BUF(c->tw_2r), GC_ARG_VAL(log_l)};
        return launch_group(c, K_FK20_CIRCULANT_FFT, n << log_l, (size_t)1 << (log_2r - 1), f, 4);
    }
    gc_kzg_ret ret = launch_elements(c, K_FK20_CIRCULANT, count, a, 4);
    return ret ? ret : fr_fft(c, c->bb.circ, c->tw_2r, c->inv_4096, log_2r, row, n << log_l, flags);
}

/* Sums of at most 5 KZG_SUM_TREE_WG chunks for at most KZG_SUM_TREE_MAX_OUT outputs take
 * g1_sum_tree, one work-group of KZG_SUM_TREE_WG per output, at most 4 additions in a row
 * and then a tree 6 deep, where the fan-in-8 launches of g1_sum_chunks take two launches
 * of 7 or more (latency: one blob's MSM has 128 outputs of 64 chunks, its convolution 128
 * of 264). On an H100 (e123595 against it):
 * one blob's MSM 0.587 / 0.577 -> 0.437 / 0.440 ms, its convolution 2.131 / 2.116 -> 1.974 /
 * 1.975, the pipeline 3.42 / 3.30 -> 3.01 / 3.02. With more chunks each work-item adds its
 * share in a row first: one blob's commitment (4,096 chunks, 64 a work-item) went 0.83 ->
 * 1.38 ms, so it keeps the fan-in launches; so do many outputs (one work-item each). */
#define KZG_SUM_TREE_MAX_OUT 512u

/* Up to this many outputs of more chunks than g1_sum_tree takes at once (one blob's
 * commitment: 4,096 chunks) are summed in two g1_sum_tree launches, runs of
 * KZG_SUM_TREE_WG chunks and then their sums: 12 additions deep, where the fan-in-8
 * launches are four of 7 in a row (0.42 ms on an H100 for one blob). */
#define KZG_SUM_TREE_TWO_LEVEL_MAX_OUT 8u

/* Work-items an MSM launch aims for: MSM_ITEMS_TARGET_LARGE where that leaves each at
 * least MSM_LARGE_MIN_CHUNK terms, else MSM_ITEMS_TARGET (msm_chunk). */
#define MSM_ITEMS_TARGET (1u << 15)
#define MSM_ITEMS_TARGET_LARGE (1u << 16)
#define MSM_LARGE_MIN_CHUNK 8u

/* The largest power-of-two chunk of n_terms that still gives `target` work-items. */
static uint32_t msm_chunk_for(uint32_t target, size_t outputs, uint32_t n_terms) {
    uint32_t chunk = 1;
    while (chunk * 2 <= n_terms && outputs * ((n_terms + chunk * 2 - 1) / (chunk * 2)) >= target) chunk *= 2;
    return chunk;
}

/* Terms per MSM work-item. With comb tables a term costs `spacing` additions wherever it
 * runs and a work-item adds `spacing` doublings for all its terms, so the chunk is the
 * largest power of two that still gives 2^15 work-items: about what a large GPU holds at
 * once (an H100 ~50k threads of this kernel) at any batch, with few doublings per term (a
 * fixed 32 terms gave one blob's commitment 128 serial chains: 33 ms on an H100); 2^14
 * lost 10-20%. Large MSMs aim for 2^16 where each work-item still adds 8 terms or more:
 * the comb kernel ran at 1.94 warps per SM partition at 2^15 (Nsight Compute, the
 * commitment's at 64 blobs: the multiply-add pipe 72% busy), and twice the warps gain more
 * than the doublings they add (15 per 8 x 16 additions instead of per 16 x 16). On an H100
 * (twenty-first session, run168.sh, run169.sh; four rounds each): the 64-blob FK20 MSM
 * stage 4.40 / 4.42 -> 4.30 / 4.32 ms, 64 blobs 17.53 -> 17.39 ms (means), 128 blobs 28.14
 * -> 27.89; below 8 terms it lost (8 blobs 3.72 -> 3.93, 16 blobs 6.26 -> 6.41, which keep
 * 2^15), and 2^17 lost everywhere (64 blobs 17.9, 128 blobs 28.2). Without tables (CPU
 * devices) the terms of a chunk share their doublings: `no_table_chunk` terms. */
static uint32_t msm_chunk(unsigned teeth, size_t outputs, uint32_t n_terms, uint32_t no_table_chunk) {
    if (!teeth) return no_table_chunk;
    uint32_t chunk = msm_chunk_for(MSM_ITEMS_TARGET_LARGE, outputs, n_terms);
    return chunk >= MSM_LARGE_MIN_CHUNK ? chunk : msm_chunk_for(MSM_ITEMS_TARGET, outputs, n_terms);
}

void kzg_ctx_set_msm_affine(gc_kzg_ctx *c, kzg_msm_affine_mode mode) { c->msm_affine = mode; }

void kzg_ctx_set_conv_group(gc_kzg_ctx *c, unsigned taps) { c->conv_group = taps == 1 || taps == 2 ? taps : 0; }

void kzg_ctx_set_msm_parts(gc_kzg_ctx *c, unsigned parts) {
    c->msm_parts = parts <= KZG_MSM_PARTS_MAX ? parts : KZG_MSM_PARTS_MAX;
}

static int sum_trees(const gc_kzg_ctx *c) { return gc_kernel_max_work_group_size(c->k[K_G1_SUM_TREE]) >= KZG_SUM_TREE_WG; }

/* Whether an MSM of one term a work-item, n_out outputs (all blobs) of n_terms terms, cut
 * in `parts`, can leave its parts' weights until after the sums (msm_comb's s.defer): each
 * part's sums must be one g1_sum_tree launch, n_out parts outputs of n_terms chunks. */
static int msm_parts_deferrable(const gc_kzg_ctx *c, size_t n_out, uint32_t n_terms, uint32_t parts) {
    return parts > 1 && n_out * parts <= KZG_SUM_TREE_MAX_OUT && n_terms > 1 && n_terms <= 5 * KZG_SUM_TREE_WG &&
           sum_trees(c);
}

/* The column parts of an MSM of `chunk` terms a work-item over a table of `teeth`: cut only
 * where a work-item holds one term (the latency-bound small passes; larger chunks share
 * their doublings, which parts would repeat). By default two, their weights deferred where
 * msm_parts_deferrable allows (one and two blobs at L = 64): then the parts add no work per
 * term, every term's doublings are those of one part, and an output's two sums meet once
 * after spacing / 2 doublings (g1_msm_parts_combine; msm() has the measurements), so the
 * MSM is cut in two whatever runs beside it. Otherwise the upper part doubles in every
 * work-item, and the rule measured before deferral holds: two parts where the MSM runs
 * alone, one where the FK20 MSM and the commitment's run side by side. On an H100 (one
 * blob, docs/results/fk20.md): alone, parts 1 / 2 / 3 / 4, the FK20 MSM 0.758 / 0.719 /
 * 0.847-0.862 / 0.925-0.933 ms, the proofs 1.453-1.461 / 1.403-1.419 / 1.54 / 1.60, the
 * commitment 0.513-0.521 / 0.425-0.429 / 0.443 / 0.430 (three parts and more add more
 * doublings than the shorter chains save); but the pipeline, whose commitment runs beside
 * the FK20 MSM, took 1.69-1.76 ms at one part and 1.76-1.86 at two (four rounds of 20,
 * run111.sh): there the parts' extra doublings take the GPU the other MSM needs. */
static uint32_t msm_parts(const gc_kzg_ctx *c, unsigned teeth, uint32_t chunk, size_t n_out, uint32_t n_terms) {
    if (!teeth || chunk != 1) return 1;
    if (c->msm_parts) return c->msm_parts;
    return msm_parts_deferrable(c, n_out, n_terms, 2) ? 2 : c->msms_beside ? 1 : 2;
}

/* The MSM shapes of the pipelines over n blobs. */
static kzg_msm_shape fk20_msm_shape(const gc_kzg_ctx *c, size_t n) {
    uint32_t two_r = 1u << c->log_2r, l = 1u << c->log_l, chunk = msm_chunk(c->info.comb_teeth, n * two_r, l, l);
    if (c->msm_affine == KZG_MSM_AFFINE_ALWAYS && c->info.comb_teeth)
        chunk = l < KZG_AFF_TERMS ? l : KZG_AFF_TERMS; /* msm_comb_affine */
    /* scalar (b, j, i) at circ[b][i][j]; base (j, i) at x_ext_fft[i][j] */
    kzg_msm_shape s = {(uint32_t)n, two_r, l, chunk, 1u << KZG_LOG_EXT, 1, two_r, 1, two_r,
                       msm_parts(c, c->info.comb_teeth, chunk, n * two_r, l), 0};
    return s;
}

static kzg_msm_shape commit_msm_shape(const gc_kzg_ctx *c, size_t n) {
    uint32_t blob = 1u << KZG_LOG_BLOB, chunk = msm_chunk(c->info.commit_teeth, n, blob, 256);
    kzg_msm_shape s = {(uint32_t)n, 1, blob, chunk, blob, 0, 1, 0, 1, msm_parts(c, c->info.commit_teeth, chunk, n, blob),
                       0};
    return s;
}

/* An output's partial sums (its sum's chunks) and the MSM's work-items. */
static uint32_t msm_chunks(kzg_msm_shape s) { return (s.n_terms + s.chunk - 1) / s.chunk * s.parts; }
static size_t msm_items(kzg_msm_shape s) { return (size_t)s.n_blobs * s.n_out * msm_chunks(s); }

/* The most partial sums of any MSM of `shape` over n versions x blobs, n = 1 .. max_blobs
 * (the chunk varies with n), at the most column parts that a later kzg_ctx_set_msm_parts
 * may ask: what its partials buffer holds. */
static size_t most_msm_items(const gc_kzg_ctx *c, kzg_msm_shape (*shape)(const gc_kzg_ctx *, size_t),
                             size_t max_blobs, size_t versions) {
    size_t most = 0;
    for (size_t n = 1; n <= max_blobs; n++) {
        kzg_msm_shape s = shape(c, n * versions);
        size_t items = msm_items(s) / s.parts * (s.chunk == 1 ? KZG_MSM_PARTS_MAX : 1);
        if (items > most) most = items;
    }
    return most;
}

void kzg_ctx_set_sum_tree_groups(gc_kzg_ctx *c, int on) { c->sum_tree_groups_off = !on; }

void kzg_ctx_set_sum_tree_width(gc_kzg_ctx *c, unsigned width) {
    c->sum_tree_width = width == KZG_SUM_TREE_WG / 2 || width == KZG_SUM_TREE_WG ? width : 0;
}

/* Work-items (or teams) per output of g1_sum_tree for sums of n_chunks: half of
 * KZG_SUM_TREE_WG up to 3/2 of it, where the chain is as deep (a work-item first adds
 * its two or three chunks in a row: 64 chunks are 1 + 5 additions either way, 72 are
 * 2 + 5 against 1 + 6) with half the warps. Why it matters on a GPU: in a group of 64
 * work-items only the first warp adds in the tree, and the first warps of two-warp groups
 * sit on half of an SM's four partitions (a group's warps take consecutive slots),
 * so the tree's additions shared half the GPU's schedulers. */
static uint32_t sum_tree_width(const gc_kzg_ctx *c, uint32_t n_chunks) {
    if (c->sum_tree_width) return c->sum_tree_width;
    return n_chunks <= KZG_SUM_TREE_WG * 3 / 2 ? KZG_SUM_TREE_WG / 2 : KZG_SUM_TREE_WG;
}

/* The lanes of a team of g1_sum_tree_team for a tree of n_out outputs: the context's
 * setting, else through CUDA teams of four up to KZG_SUM_TEAM4_MAX_OUT outputs and of two
 * up to KZG_SUM_TEAM_MAX_OUT (team_lanes), else one work-item an addition. One blob's two
 * MSM trees (256 outputs each, 256 warps a queue one work-item an addition) and its
 * convolution's (128 outputs of 72 chunks, alone on the GPU): on an H200 (run262.sh,
 * timelines of the same binary) the MSM's trees 76-78 us one work-item an addition,
 * 70-72 by teams of two, 53 and 94 by teams of four (2,048 warps); the convolution's 63 us
 * by two, 46 by four; one blob 0.990 / 0.990 / 0.987 / 0.991 / 1.023 ms with the MSM's
 * trees by two against 1.032 / 0.994 / 0.999 / 1.028 / 1.013 (five alternating rounds),
 * and with this rule 0.982 / 0.983 / 0.980 / 0.982 / 1.000 against 61087f5's 1.042 /
 * 1.006 / 1.051 / 1.001 / 1.057 (run263.sh). */
static uint32_t sum_tree_lanes(const gc_kzg_ctx *c, uint32_t n_out) {
    uint32_t lanes = team_lanes(c, KZG_TEAM_SUMS, n_out);
    return !c->team[KZG_TEAM_SUMS] && lanes == 2 && n_out <= KZG_SUM_TEAM4_MAX_OUT ? 4 : lanes;
}

/* out[out_first + i] = the sum of the n_chunks (at most 5 KZG_SUM_TREE_WG) points of
 * output i in src, by g1_sum_tree or, by teams, g1_sum_tree_team (sum_tree_lanes). */
static gc_kzg_ret sum_tree(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *out, uint32_t n_chunks, uint32_t n_out,
                           uint32_t out_first) {
    uint32_t lanes = sum_tree_lanes(c, n_out), width = sum_tree_width(c, n_chunks);
    size_t most = gc_kernel_max_work_group_size(c->k[K_G1_SUM_TREE_TEAM]);
    if (lanes == 4 && most < 4 * width) lanes = 2; /* a work-group too large for the kernel */
    gc_arg r[] = {GC_ARG_BUF(src),        GC_ARG_BUF(out),   GC_ARG_VAL(n_chunks),
                  GC_ARG_VAL(out_first), GC_ARG_VAL(lanes), GC_ARG_VAL(width)};
    gc_arg plain[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(out_first),
                      GC_ARG_VAL(width)};
    if (lanes > 1 && most >= lanes * width)
        return launch_group(c, K_G1_SUM_TREE_TEAM, n_out, lanes * width, r, 6);
    return launch_group(c, K_G1_SUM_TREE, n_out, width, plain, 5);
}

/* Many outputs (more than KZG_SUM_TREE_MAX_OUT) of 4 .. KZG_SUM_TREE_WG chunks: g1_sum_tree
 * with several outputs a work-group of KZG_SUM_TREE_WG, `width` work-items an output (the
 * largest power of two up to half the chunks, so that each adds two chunks or more in a
 * row before the tree); 0 where that does not apply (the outputs must fill whole groups)
 * or --param fk20.sum_tree_groups=0 turned it off. Such sums are the batches' FK20 MSM (8
 * chunks an output at 64 blobs: 3 additions deep instead of g1_sum_chunks' 7) and their
 * convolution's products (5 an output at 4 taps: 3 instead of 4); each is one launch of
 * the same additions, with more work-items a launch whose few warps waited on each
 * addition in turn. */
static uint32_t grouped_sum_width(const gc_kzg_ctx *c, uint32_t n_chunks, uint32_t n_out) {
    if (c->sum_tree_groups_off || n_out <= KZG_SUM_TREE_MAX_OUT || n_chunks < 4 || n_chunks > KZG_SUM_TREE_WG) return 0;
    uint32_t width = 2;
    while (width * 4 <= n_chunks) width *= 2;
    return n_out % (KZG_SUM_TREE_WG / width) ? 0 : width;
}

/* out[out_first + i] = the sum of the n_chunks points of output i in src ([i][chunk]): the
 * small sums above by g1_sum_tree, many outputs of few chunks by it with several outputs a
 * work-group (grouped_sum_width), the others in a tree of fan-in 8 launches that
 * ping-pongs between src and scratch (both are overwritten; scratch holds an eighth of
 * src): one work-item adding 128 partials in a row made the commitment latency-bound. The
 * MSMs' partials and the G1 convolution's products. */
static gc_kzg_ret sum_chunks(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *scratch, uint32_t n_chunks, uint32_t n_out,
                             gc_buffer *out, uint32_t out_first) {
    const uint32_t fan = 8, zero = 0;
    int trees = sum_trees(c);
    if (trees && n_out <= KZG_SUM_TREE_TWO_LEVEL_MAX_OUT && n_chunks > 5 * KZG_SUM_TREE_WG &&
        n_chunks % KZG_SUM_TREE_WG == 0 && n_chunks / KZG_SUM_TREE_WG <= 5 * KZG_SUM_TREE_WG) {
        /* each run of KZG_SUM_TREE_WG chunks into scratch (an eighth of src holds them),
         * then those sums as the outputs' chunks */
        uint32_t runs = n_chunks / KZG_SUM_TREE_WG;
        gc_kzg_ret ret = sum_tree(c, src, scratch, KZG_SUM_TREE_WG, n_out * runs, 0);
        if (ret) return ret;
        src = scratch;
        n_chunks = runs;
    }
    if (trees && n_chunks > 1 && n_chunks <= 5 * KZG_SUM_TREE_WG && n_out <= KZG_SUM_TREE_MAX_OUT)
        return sum_tree(c, src, out, n_chunks, n_out, out_first);
    uint32_t width = trees ? grouped_sum_width(c, n_chunks, n_out) : 0;
    if (width) {
        gc_arg g[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(out_first), GC_ARG_VAL(width)};
        return launch_group(c, K_G1_SUM_TREE, n_out / (KZG_SUM_TREE_WG / width), KZG_SUM_TREE_WG, g, 5);
    }
    gc_buffer *dst = scratch;
    while (n_chunks > fan && n_chunks % fan == 0) {
        uint32_t groups = n_out * (n_chunks / fan);
        gc_arg r[] = {GC_ARG_BUF(src), GC_ARG_BUF(dst), GC_ARG_VAL(fan), GC_ARG_VAL(groups), GC_ARG_VAL(zero)};
        gc_kzg_ret ret = launch_elements(c, K_G1_SUM_CHUNKS, groups, r, 5);
        if (ret) return ret;
        gc_buffer *t = src;
        src = dst;
        dst = t;
        n_chunks /= fan;
    }
    gc_arg r[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(n_out), GC_ARG_VAL(out_first)};
    return launch_elements(c, K_G1_SUM_CHUNKS, n_out, r, 5);
}

/* out[out_first + i] = the sum over q of [2^(q per)] sums[i parts + q] (g1_msm_parts_combine),
 * by teams of four where the sums' trees may take teams (CUDA, or --param fk20.sum_team
 * above 1), whatever the outputs (at most 512 here): per doublings in a row for each
 * part but the top, each two rounds of four products, so four lanes wait for two products
 * in a row where one waits for eight (as conv_mul_pow32). */
static gc_kzg_ret msm_parts_combine(gc_kzg_ctx *c, gc_buffer *sums, gc_buffer *out, uint32_t out_first, uint32_t n_out,
                                    uint32_t parts, uint32_t per) {
    uint32_t lanes = team_lanes(c, KZG_TEAM_SUMS, 1) > 1 && (size_t)n_out * 4 % KZG_TEAM_GROUP == 0 ? 4 : 1;
    gc_arg a[] = {GC_ARG_BUF(sums),  GC_ARG_BUF(out), GC_ARG_VAL(out_first), GC_ARG_VAL(n_out),
                  GC_ARG_VAL(parts), GC_ARG_VAL(per), GC_ARG_VAL(lanes)};
    return lanes > 1 ? launch_teams(c, K_G1_MSM_PARTS_COMBINE_TEAM, (size_t)n_out * lanes, a, 7)
                     : launch_elements(c, K_G1_MSM_PARTS_COMBINE, n_out, a, 6);
}

/* 1: an MSM of shape s over `table` runs by batched affine additions (msm_comb_affine):
 * always where asked, and by default the FK20 MSM at L = 64 in passes of at least 64 blobs
 * whose work-items hold 8 or KZG_AFF_TERMS terms by msm_chunk's rule (64 to 255 blobs).
 * The affine form inverts once a level of its column trees, and since an inversion costs
 * 42 products instead of 93 (the thirtieth session) it beats msm_comb there. On an H200,
 * alternating:
 * 128 blobs (16 terms) 16.37 / 16.38 / 16.55 / 16.45 / 16.44 / 16.49 / 16.26 ms against
 * 16.79 / 16.75 / 16.74 / 16.81 / 16.92 / 16.82 / 16.74 (run244.sh, run249.sh,
 * run250.sh), the MSM stage 6.70 against 7.17; 64 blobs at its 8 terms 9.538 / 9.635 /
 * 9.749 against 9.664 / 9.657 / 9.834 (run250.sh) and 9.679 / 9.667 / 9.550 / 9.527
 * against 9.638 / 9.710 / 9.646 / 9.731 (run251.sh), where forced to 16 terms (half the
 * work-items) it lost, 9.72 / 10.02 against 9.58 / 9.69 (run244.sh). At 32 blobs (8 terms)
 * no gain showed (6.273 / 6.090 against 6.095 / 6.151, run251.sh); larger passes (32 terms
 * a work-item) were not measured, nor L = 16: they keep msm_comb. */
static int msm_is_affine(const gc_kzg_ctx *c, const kzg_msm_shape *s, const gc_buffer *table) {
    if (s->parts != 1 || s->chunk > KZG_AFF_TERMS) return 0; /* one part: no deferral */
    if (c->msm_affine == KZG_MSM_AFFINE_ALWAYS) return 1;
    return c->msm_affine == KZG_MSM_AFFINE_BY_SIZE && table == c->table_fk20 && c->log_l == 6 &&
           s->n_blobs >= 64 && s->chunk >= KZG_AFF_TERMS / 2;
}

/* partials -> out from point out_first: the MSM of `shape` over the table of `teeth` teeth
 * (ints recoded for it, fr_to_int) or without one (teeth 0) over the bases
 * (msm_products: one launch into partials), then the sum of each output's chunks
 * (msm_sums; fk20_msms_beside queues the two halves apart). Where the parts' weights can
 * wait (msm_parts_deferrable), each part is summed on its own and g1_msm_parts_combine
 * weights the sums: one blob's MSM chain is then 15 operations at 16 teeth (8 additions, 7
 * doublings) instead of 31 at one part or 23 with the weights' doublings in every term.
 * On an H100 (run146.sh, one call, against 03711a3's launches): u's MSM 430 -> 232 us in the pipeline's timeline, its tree
 * 128 -> 202 (256 outputs, one work-item an addition: by teams there the pipeline was
 * 1.47 ms), the combination 37; one blob's pipeline 1.463 / 1.527 / 1.491 / 1.474 ->
 * 1.410 / 1.426 / 1.388 / 1.473 ms (three / four deferred parts 1.52 / 1.44), the MSM
 * stage alone 0.543 -> 0.509. */
static gc_kzg_ret msm_products(gc_kzg_ctx *c, kzg_msm_shape *s, gc_buffer *ints, gc_buffer *partials,
                                gc_buffer *partials2, uint32_t teeth, uint32_t spacing, gc_buffer *table,
                                gc_buffer *bases) {
    uint32_t n_out = s->n_blobs * s->n_out;
    size_t items = msm_items(*s);
    /* Deferred parts: the parts' sums into partials2 (n_out x parts points, which it holds:
     * an eighth of the partials, at least 64 x parts x n_out here), then their weights. */
    s->defer = teeth && s->chunk == 1 && msm_parts_deferrable(c, n_out, s->n_terms, s->parts) &&
               gc_buffer_size(partials2) >= (size_t)n_out * s->parts * sizeof(gc_g1p);
    if (teeth) {
        gc_arg a[] = {GC_ARG_BUF(ints), GC_ARG_BUF(table), GC_ARG_BUF(partials), GC_ARG_VAL(*s),
                      GC_ARG_VAL(teeth), GC_ARG_VAL(spacing)};
        return launch_elements(c, msm_is_affine(c, s, table) ? K_MSM_COMB_AFFINE : K_MSM_COMB, items, a, 6);
    }
    gc_arg a[] = {GC_ARG_BUF(ints), GC_ARG_BUF(bases), GC_ARG_BUF(partials), GC_ARG_VAL(*s)};
    return launch_elements(c, K_MSM_VAR, items, a, 4);
}

/* The sums of msm_products' partials (s as it left it) into out from point out_first. */
static gc_kzg_ret msm_sums(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *partials, gc_buffer *partials2,
                           uint32_t spacing, gc_buffer *out, uint32_t out_first) {
    uint32_t n_chunks = msm_chunks(s), n_out = s.n_blobs * s.n_out;
    if (!s.defer) return sum_chunks(c, partials, partials2, n_chunks, n_out, out, out_first);
    gc_kzg_ret ret = sum_tree(c, partials, partials2, n_chunks / s.parts, n_out * s.parts, 0);
    uint32_t per = (spacing + s.parts - 1) / s.parts;
    return ret ? ret : msm_parts_combine(c, partials2, out, out_first, n_out, s.parts, per);
}

static gc_kzg_ret msm(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *ints, gc_buffer *partials, gc_buffer *partials2,
                      uint32_t teeth, uint32_t spacing, gc_buffer *table, gc_buffer *bases, gc_buffer *out,
                      uint32_t out_first) {
    gc_kzg_ret ret = msm_products(c, &s, ints, partials, partials2, teeth, spacing, table, bases);
    return ret ? ret : msm_sums(c, s, partials, partials2, spacing, out, out_first);
}

/* out = the integers of in times each of the `versions` scales of scale_raw, version after
 * version (fr_to_int). */
static gc_kzg_ret to_ints(gc_kzg_ctx *c, gc_buffer *in, gc_buffer *out, gc_buffer *scale_raw, size_t count,
                          uint32_t versions, unsigned teeth) {
    uint32_t n32 = (uint32_t)count, signed_comb = teeth != 0;
    gc_arg a[] = {GC_ARG_BUF(in),      GC_ARG_BUF(out),      GC_ARG_BUF(scale_raw),
                  GC_ARG_VAL(n32),     GC_ARG_VAL(versions), GC_ARG_VAL(signed_comb)};
    return launch_elements(c, K_FR_TO_INT, count * versions, a, 6);
}

static int g1_map_is_conv(const gc_kzg_ctx *c, size_t n) { return c->conv_blobs && n <= c->info.g1_conv_max_batch; }

/* 1: the FK20 MSM of a pass of n blobs also makes the convolution's pieces' points
 * (conv_hi_msm), which the pipeline's convolution then reads (kzg_stages_u_to_proofs);
 * larger passes make all three from u by doublings in the convolution's stage. */
static int conv_pieces_by_msm(const gc_kzg_ctx *c, size_t n) {
    return g1_map_is_conv(c, n) && n <= c->conv_blobs && n <= KZG_CONV_PIECES_MSM_MAX_BATCH;
}

/* dst[dst_first + i] = [2^32] src[src_first + i], i < n_points (g1_conv_mul_pow32), by
 * teams of four through CUDA (or where --param fk20.conv_team asks for teams): a doubling
 * is two rounds of four products, so four lanes wait for two products in a row where two
 * wait for four and one for eight. The launch is small at any pass the convolution takes
 * (at most 16 blobs: 2,048 points, 256 warps of teams), so teams only shorten its chain:
 * on an H100 (run122.sh) one blob's launch 159 us by teams of two, about 97 by four, its
 * proofs 1.18 -> 1.12 ms. */
static gc_kzg_ret conv_mul_pow32(gc_kzg_ctx *c, gc_buffer *src, uint32_t src_first, uint32_t dst_first,
                                 uint32_t n_points) {
    uint32_t lanes = team_lanes(c, KZG_TEAM_CONV, 1) > 1 ? 4 : 1; /* the conv site's teams, of four */
    gc_arg a[] = {GC_ARG_BUF(src),           GC_ARG_BUF(c->conv_hi), GC_ARG_VAL(src_first),
                  GC_ARG_VAL(dst_first),     GC_ARG_VAL(n_points),   GC_ARG_VAL(lanes)};
    return lanes > 1 ? launch_teams(c, K_G1_CONV_MUL_POW32_TEAM, (size_t)n_points * lanes, a, 6)
                     : launch_elements(c, K_G1_CONV_MUL_POW32, n_points, a, 5);
}

/* g1_conv_fold's launch of n work-items (two a pair of points) with its seven arguments f,
 * by teams of four where the sums' trees may take teams (CUDA, or --param fk20.sum_team
 * above 1; g1_conv_fold_team), as msm_parts_combine: a fold is one addition deep, and by
 * teams a lane waits for three products in a row instead of twelve. */
static gc_kzg_ret conv_fold(gc_kzg_ctx *c, const gc_arg *f, size_t n) {
    uint32_t lanes = team_lanes(c, KZG_TEAM_SUMS, 1) > 1 && n * 4 % KZG_TEAM_GROUP == 0 ? 4 : 1;
    if (lanes == 1) return launch_elements(c, K_G1_CONV_FOLD, n, f, 7);
    gc_arg a[] = {f[0], f[1], f[2], f[3], f[4], f[5], f[6], GC_ARG_VAL(lanes)};
    return launch_teams(c, K_G1_CONV_FOLD_TEAM, n * lanes, a, 8);
}

/* The integers of u's MSM: the pass's scalars times 1/2r where scaled (the pipeline folds
 * the inverse G1 FFT's scale in here), else as they are. */
static gc_kzg_ret u_ints(gc_kzg_ctx *c, size_t n, int scaled) {
    return to_ints(c, c->bb.circ, c->bb.ints, scaled ? c->inv_2r_raw : c->one_raw, n << KZG_LOG_EXT, 1,
                   c->info.comb_teeth);
}

/* The integers of U_2's MSM (conv_hi_msm): the pass's scalars times 2^64 / 2r. */
static gc_kzg_ret conv_hi_ints(gc_kzg_ctx *c, size_t n) {
    return to_ints(c, c->bb.circ, c->conv_ints, c->conv_scale, n << KZG_LOG_EXT, 1, c->info.comb_teeth);
}

/* U_2 = [2^64] u' of a convolution pass (conv_hi's rows n .. 2n): one FK20 MSM over
 * conv_hi_ints' integers, then U_3 = [2^32] U_2 (kzg_kernels.gc: the convolution's
 * pieces). Beside the MSM of u on its own queue (queue 0 then makes U_1 = [2^32] u), so
 * that each queue's chain is one MSM and 32 doublings, where U_3 from u is 96 doublings in
 * a row after u's MSM. The MSM made all three until the seventeenth session:
 * one blob's three MSMs, 24,576 work-items, took more of the GPU than u's beside them
 * (docs/results/fk20.md). */
static gc_kzg_ret conv_hi_msm(gc_kzg_ctx *c, size_t n) {
    uint32_t pts = (uint32_t)(n << c->log_2r);
    gc_kzg_ret ret = msm(c, fk20_msm_shape(c, n), c->conv_ints, c->conv_partials, c->conv_partials2,
                         c->info.comb_teeth, c->fk20_spacing, c->table_fk20, c->x_ext_fft, c->conv_hi, pts);
    return ret ? ret : conv_mul_pow32(c, c->conv_hi, pts, 2 * pts, pts);
}

/* A convolution pass's FK20 MSMs on two queues: u's on queue 0 and U_2's on queue q
 * (conv_hi_msm's), their launches interleaved on the host: both scalings' integers on
 * queue 0, u's comb, then U_2's whole chain on queue q, then u's sums and U_1. So each
 * queue's comb is queued at most one launch after the other's: the host takes 5-9 us a
 * launch, as long as each of the pass's first kernels, and with U_2's chain queued first
 * queue 0's comb started ~35 us after queue q's (one blob's timeline, H200, run238.sh).
 * With ints_ready kzg_stage_fk20_scalars made both integers already. Called on queue 0;
 * back on queue 0 after both, even when a launch failed. */
static gc_kzg_ret fk20_msms_beside(gc_kzg_ctx *c, size_t n, unsigned q, int ints_ready) {
    uint32_t pts = (uint32_t)(n << c->log_2r), teeth = c->info.comb_teeth;
    kzg_msm_shape s = fk20_msm_shape(c, n);
    gc_kzg_ret ret = ints_ready ? GC_KZG_OK : u_ints(c, n, 1);
    if (!ret && !ints_ready) ret = conv_hi_ints(c, n);
    if (!ret) ret = kzg_queue_after(c, q, 0);
    if (!ret)
        ret = msm_products(c, &s, c->bb.ints, c->bb.partials, c->bb.partials2, teeth, c->fk20_spacing,
                           c->table_fk20, c->x_ext_fft);
    if (!ret && !(ret = kzg_use_queue(c, q))) ret = conv_hi_msm(c, n); /* U_2 and U_3 */
    gc_kzg_ret back = kzg_use_queue(c, 0);
    if (!ret) ret = back;
    if (!ret) ret = msm_sums(c, s, c->bb.partials, c->bb.partials2, c->fk20_spacing, c->bb.u, 0);
    if (!ret) ret = conv_mul_pow32(c, c->bb.u, 0, 0, pts); /* U_1 */
    gc_kzg_ret w = kzg_queue_after(c, 0, q);
    return ret ? ret : w;
}

/* One launch where the circulant rows' transform is one block launch (L = 64; L = 16's
 * rows of 512 take the two launches): on an H200 one blob's circulant FFTs and two
 * fr_to_int launches took 10.6 + 5.3 + 5.3 us and three launch gaps in the timeline
 * (run256.sh), the one launch 14-16 us (run261.sh, run262.sh). */
gc_kzg_ret kzg_stage_fk20_scalars(gc_kzg_ctx *c, size_t n) {
    int hi = conv_pieces_by_msm(c, n);
    uint32_t spans[2], log_l = c->log_l, two = hi, signed_comb = c->info.comb_teeth != 0;
    if (fft_block_launches(c, K_FK20_CIRCULANT_FFT, c->log_2r, spans) != 1 ||
        fft_block_launches(c, K_FK20_CIRCULANT_FFT_INTS, c->log_2r, spans) != 1) {
        gc_kzg_ret ret = kzg_stage_circulant_fft(c, n);
        if (!ret) ret = u_ints(c, n, 1);
        return ret || !hi ? ret : conv_hi_ints(c, n);
    }
    gc_arg f[] = {GC_ARG_BUF(c->bb.poly), GC_ARG_BUF(c->tw_2r),
                  GC_ARG_VAL(log_l),      GC_ARG_BUF(c->bb.ints),
                  GC_ARG_BUF(c->inv_2r_raw), GC_ARG_BUF(hi ? c->conv_ints : c->bb.ints),
                  GC_ARG_BUF(hi ? c->conv_scale : c->inv_2r_raw), GC_ARG_VAL(two),
                  GC_ARG_VAL(signed_comb)};
    return launch_group(c, K_FK20_CIRCULANT_FFT_INTS, n << log_l, (size_t)1 << (c->log_2r - 1), f, 9);
}

gc_kzg_ret kzg_stage_fk20_msm(gc_kzg_ctx *c, size_t n, int scaled) {
    if (!c->x_ext_fft) { /* a stage test's context made without it (KZG_X_EXT_FFT_NONE) */
        snprintf(c->last_message, sizeof c->last_message, "the FK20 MSM needs x_ext_fft: this context has none");
        return GC_KZG_ERROR;
    }
    int ready = scaled == KZG_MSM_SCALED_INTS_READY, hi = scaled && conv_pieces_by_msm(c, n);
    if (hi && c->two_queues && c->conv_msm_beside) return fk20_msms_beside(c, n, KZG_QUEUE_G1_HALF, ready);
    gc_kzg_ret ret = GC_KZG_OK;
    if (hi && !ready) ret = conv_hi_ints(c, n);
    if (hi && !ret) ret = conv_hi_msm(c, n); /* one queue: U_2's MSM first */
    if (!ret && !ready) ret = u_ints(c, n, scaled);
    if (!ret)
        ret = msm(c, fk20_msm_shape(c, n), c->bb.ints, c->bb.partials, c->bb.partials2, c->info.comb_teeth,
                  c->fk20_spacing, c->table_fk20, c->x_ext_fft, c->bb.u, 0);
    if (!ret && hi) ret = conv_mul_pow32(c, c->bb.u, 0, 0, (uint32_t)(n << c->log_2r)); /* U_1 */
    return ret;
}

/* The G1 DIT transform of size 2r of `rows` rows of `data` in place (bit reversal, then
 * one launch per stage), twiddles `digits` (upload_g1_twiddles). Up to
 * g1_pair_max_points points the stages run fused in pairs, twiddles `pair_digits`
 * (upload_g1_pair_twiddles): two launches per pair, one product deep. */
static gc_kzg_ret g1_fft(gc_kzg_ctx *c, gc_buffer *data, size_t rows, gc_buffer *digits, gc_buffer *pair_digits) {
    uint32_t log_2r = c->log_2r, n_rows = (uint32_t)rows, n_points = (uint32_t)(rows << log_2r);
    int pairs = n_points <= c->g1_pair_max_points;
    uint32_t single_end = pairs ? first_pair_stage(log_2r) : log_2r; /* stages [0, single_end) alone */
    gc_arg b[] = {GC_ARG_BUF(data), GC_ARG_VAL(log_2r), GC_ARG_VAL(n_points)};
    gc_kzg_ret ret = launch_elements(c, K_G1_BITREV_ROWS, n_points, b, 3);
    /* The single stages split their rows between the two queues: a stage's launch is
     * every butterfly of its rows, each work-item a whole twiddle product of equal length,
     * so one launch ends in a partial wave (at L = 16, 512 rows: 2.6 waves of an H100),
     * and the next stage of the same rows cannot start before it ends. Two halves on two
     * queues fill each other's tails. The second half goes to a queue of its own
     * (KZG_QUEUE_G1_HALF), so that nothing of the pass waits on queue 1 (the cells' and
     * commitment's reads) behind it. Called on queue 0; returns on queue 0. */
    uint32_t halves = c->two_queues && single_end && n_rows >= 2 ? 2 : 1;
    if (!ret && halves == 2) ret = kzg_queue_after(c, KZG_QUEUE_G1_HALF, 0);
    for (uint32_t stage = 0; !ret && stage < single_end; stage++)
        for (uint32_t h = 0; !ret && h < halves; h++) {
            uint32_t row0 = h ? n_rows / 2 : 0, rows_h = halves == 1 ? n_rows : h ? n_rows - n_rows / 2 : n_rows / 2;
            gc_arg f[] = {GC_ARG_BUF(data), GC_ARG_BUF(digits), GC_ARG_VAL(log_2r),
                          GC_ARG_VAL(stage), GC_ARG_VAL(rows_h), GC_ARG_VAL(row0)};
            if ((ret = kzg_use_queue(c, h ? KZG_QUEUE_G1_HALF : 0))) break;
            ret = launch_elements(c, K_G1_FFT_STAGE, (size_t)rows_h << (log_2r - 1), f, 6);
        }
    if (halves == 2) { /* queue 0 again, after the other half, even when a launch failed */
        gc_kzg_ret q = kzg_use_queue(c, 0);
        if (!q) q = kzg_queue_after(c, 0, KZG_QUEUE_G1_HALF);
        if (!ret) ret = q;
    }
    uint32_t first = 0; /* the pair's first scalar in pair_digits */
    uint32_t lanes = team_lanes(c, KZG_TEAM_G1_PAIRS, n_points); /* teams: rows padded to whole warps of one scalar */
    size_t per_group = KZG_TEAM_GROUP / lanes, rows_padded = (rows + per_group - 1) / per_group * per_group;
    for (uint32_t stage = single_end; !ret && stage + 1 < log_2r; stage += 2) {
        /* the team kernel takes the lanes after g1_fft_pair_products' seven arguments */
        gc_arg p[] = {GC_ARG_BUF(data),   GC_ARG_BUF(pair_digits), GC_ARG_VAL(first),
                      GC_ARG_VAL(log_2r), GC_ARG_VAL(stage),       GC_ARG_VAL(n_rows),
                      GC_ARG_BUF(c->pair_scratch), GC_ARG_VAL(lanes)};
        gc_arg m[] = {GC_ARG_BUF(data), GC_ARG_BUF(c->pair_scratch), GC_ARG_VAL(log_2r), GC_ARG_VAL(stage),
                      GC_ARG_VAL(n_rows)};
        size_t team_items = (rows_padded << log_2r) / 4 * 5 * lanes;
        ret = lanes > 1 ? launch_teams(c, team_kernel(c, K_G1_FFT_PAIR_PRODUCTS_TEAM, K_G1_FFT_PAIR_PRODUCTS_TEAM_FULL,
                                                      team_items),
                                       team_items, p, 8)
                        : launch_elements(c, K_G1_FFT_PAIR_PRODUCTS, (size_t)n_points / 4 * 5, p, 7);
        if (!ret) ret = launch_elements(c, K_G1_FFT_PAIR_COMBINE, n_points, m, 5); /* a work-item per output */
        first += 5u << stage;
    }
    return ret;
}

gc_kzg_ret kzg_stage_g1_ifft_truncate(gc_kzg_ctx *c, size_t n) {
    uint32_t log_2r = c->log_2r, rows = (uint32_t)n;
    gc_arg z[] = {GC_ARG_BUF(c->bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(rows)};
    gc_kzg_ret ret = g1_fft(c, c->bb.u, n, c->g1_itw_2r, c->g1_pair_itw_2r);
    return ret ? ret : launch_elements(c, K_G1_CLEAR_UPPER_HALF, n << (c->log_2r - 1), z, 3);
}

gc_kzg_ret kzg_stage_g1_fft(gc_kzg_ctx *c, size_t n) { return g1_fft(c, c->bb.u, n, c->g1_tw_2r, c->g1_pair_tw_2r); }

gc_kzg_ret kzg_stage_g1_conv(gc_kzg_ctx *c, size_t n, int hi_ready) {
    if (!c->conv_blobs) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the G1 convolution needs cell size 64 and g1_conv_max_batch > 0: this context has none");
        return GC_KZG_ERROR;
    }
    if (hi_ready && n > c->conv_blobs) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the G1 convolution's pieces hold %zu rows, not %zu", c->conv_blobs, n);
        return GC_KZG_ERROR;
    }
    uint32_t log_2r = c->log_2r, two_r = 1u << log_2r;
    /* in place, a slice of rows at a time: a slice reads only its own rows of bb.u */
    for (size_t first = 0; first < n; first += c->conv_blobs) {
        uint32_t row0 = (uint32_t)first, rows = (uint32_t)(n - first < c->conv_blobs ? n - first : c->conv_blobs);
        uint32_t lanes = team_lanes(c, KZG_TEAM_CONV, rows); /* the team kernel takes them as an eighth argument */
        /* two taps a work-item where a product is one work-item (the teams take one) */
        uint32_t group = lanes > 1 ? 1 : c->conv_group ? c->conv_group : rows >= KZG_CONV_GROUP_MIN_ROWS ? 2 : 1;
        uint32_t slots = group == 2 ? KZG_CONV_SLOTS2 : KZG_CONV_SLOTS;
        /* the plain kernel takes the group as its eighth argument, the team kernel the lanes */
        gc_arg a[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->conv_hi), GC_ARG_BUF(group == 2 ? c->conv_digits2 : c->conv_digits),
                      GC_ARG_BUF(c->conv_products), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), lanes > 1 ? GC_ARG_VAL(lanes) : GC_ARG_VAL(group)};
        uint32_t all_parts = KZG_CONV_PARTS, one_part = 1; /* fold the inputs, then unfold the sums */
        uint32_t log_r = log_2r - 1; /* the folds pair points i and i + r */
        gc_arg f[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->conv_hi), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), GC_ARG_VAL(all_parts), GC_ARG_VAL(log_r)};
        gc_arg z[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->conv_hi), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                      GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_r)};
        uint32_t pts = rows * two_r; /* U_1, U_2, U_3 from u, 32 doublings each, unless the MSM made them */
        gc_kzg_ret ret = GC_KZG_OK;
        for (uint32_t p = 1; !hi_ready && !ret && p < KZG_CONV_PARTS; p++)
            ret = p == 1 ? conv_mul_pow32(c, c->bb.u, row0 * two_r, 0, pts)
                         : conv_mul_pow32(c, c->conv_hi, (p - 2) * pts, (p - 1) * pts, pts);
        if (!ret) ret = conv_fold(c, f, (size_t)KZG_CONV_PARTS * rows * two_r);
        size_t products = (size_t)slots * rows * two_r;
        if (!ret)
            ret = lanes > 1 ? launch_teams(c, team_kernel(c, K_G1_CONV_TAPS_TEAM, K_G1_CONV_TAPS_TEAM_FULL, products * lanes),
                                           products * lanes, a, 8)
                            : launch_elements(c, K_G1_CONV_TAPS, products, a, 8);
        if (!ret) ret = sum_chunks(c, c->conv_products, c->conv_products2, slots, rows * two_r, c->bb.u, row0 * two_r);
        if (!ret) ret = conv_fold(c, z, (size_t)rows * two_r);
        if (ret) return ret;
    }
    return GC_KZG_OK;
}

/* The groups of g1_conv_straus<taps> in a segment of `pairs` pairs (kzg_kernels.gc's
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
    if (!c->straus_products) {
        snprintf(c->last_message, sizeof c->last_message,
                 "the batches' G1 convolution needs cell size 64: this context has none");
        return GC_KZG_ERROR;
    }
    /* Taps a work-item: 2 where that launch's products fit one wave of 8 warps an SM (256
     * work-items), else 4 where they fit one of 12 (384, the kernels' 168-register cap),
     * else 8. Fewer taps give shorter chains but more doublings per product: 2 taps only
     * pay below 8 warps an SM. On an H100 (run219.sh, the map at 168 registers, split twice)
     * at 32 / 64 / 128 blobs, 2 taps 3.48 / 5.39 / 10.19 ms, 4 taps 3.86 / 5.16 / 8.01,
     * 8 taps 6.24 / 6.44 / 8.58: the rule's choices are the fastest. */
    uint32_t log_2r = c->log_2r, rows = (uint32_t)n, outputs = rows << log_2r, q = 1u << (log_2r - 3);
    uint32_t levels = c->straus_levels;
    size_t sms = gc_device_get_info(c->dev)->compute_units;
    uint32_t taps = c->straus_taps;
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
    gc_arg f[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                  GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_r)};
    gc_arg f2[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->bb.u), GC_ARG_VAL(log_2r), GC_ARG_VAL(row0),
                   GC_ARG_VAL(rows), GC_ARG_VAL(one_part), GC_ARG_VAL(log_half_r)};
    /* three taps: the blocks of 2- and 4-tap groups paired on the SMs (kzg_straus3_block),
     * a round of blocks the SM count (--param fk20.g1_straus_pairing: 0 off, N >= 2 a stride) */
    uint32_t stride = taps != 3 ? 0 : c->straus_pairing == 1 ? (uint32_t)sms : c->straus_pairing;
    gc_arg a[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->straus_digits), GC_ARG_BUF(c->straus_products),
                  GC_ARG_VAL(log_2r), GC_ARG_VAL(rows), GC_ARG_VAL(levels), GC_ARG_VAL(stride)};
    gc_kzg_ret ret = conv_fold(c, f, outputs);
    if (!ret && levels == 2) ret = conv_fold(c, f2, outputs / 2);
    if (!ret) ret = launch_elements(c, kid, items, a, 7);
    if (!ret) ret = sum_chunks(c, c->straus_products, c->straus_products2, slots, outputs, c->bb.u, 0);
    if (!ret && levels == 2) ret = conv_fold(c, f2, outputs / 2); /* (P', P'') -> P */
    if (!ret) ret = conv_fold(c, f, outputs); /* (P, M) -> the proofs */
    return ret;
}

void kzg_ctx_set_straus_min_batch(gc_kzg_ctx *c, size_t n) { c->straus_min_batch = n; }

void kzg_ctx_set_fr_fft_blocks(gc_kzg_ctx *c, int blocks) {
    c->fr_fft_rows_only = !blocks;
}

void kzg_ctx_set_straus_taps(gc_kzg_ctx *c, unsigned taps) {
    c->straus_taps = taps == 2 || taps == 3 || taps == 4 || taps == 8 ? taps : 0;
}

void kzg_ctx_set_straus_pairing(gc_kzg_ctx *c, unsigned stride) { c->straus_pairing = stride; }

void kzg_ctx_set_straus_levels(gc_kzg_ctx *c, unsigned levels) { c->straus_levels = levels == 1 ? 1 : 2; }

static int g1_map_is_straus(const gc_kzg_ctx *c, size_t n) {
    return c->straus_products && c->straus_min_batch && n >= c->straus_min_batch && !g1_map_is_conv(c, n);
}

int kzg_g1_map_in_pairs(const gc_kzg_ctx *c, size_t n) {
    return !g1_map_is_conv(c, n) && !g1_map_is_straus(c, n) && (n << c->log_2r) <= c->g1_pair_max_points;
}

int kzg_g1_pairs_by_teams(const gc_kzg_ctx *c, size_t n) {
    return kzg_g1_map_in_pairs(c, n) && team_lanes(c, KZG_TEAM_G1_PAIRS, (uint32_t)(n << c->log_2r)) > 1;
}

gc_kzg_ret kzg_stages_u_to_proofs(gc_kzg_ctx *c, size_t n) {
    if (g1_map_is_conv(c, n)) return kzg_stage_g1_conv(c, n, conv_pieces_by_msm(c, n));
    if (g1_map_is_straus(c, n)) return kzg_stage_g1_straus(c, n);
    gc_kzg_ret ret = kzg_stage_g1_ifft_truncate(c, n);
    return ret ? ret : kzg_stage_g1_fft(c, n);
}

gc_kzg_ret kzg_stage_compress_proofs(gc_kzg_ctx *c, size_t n) {
    uint32_t log_2r = c->log_2r, brp = 1, count = (uint32_t)(n << c->log_2r);
    gc_arg a[] = {GC_ARG_BUF(c->bb.u), GC_ARG_BUF(c->bb.proof_bytes), GC_ARG_VAL(log_2r), GC_ARG_VAL(brp),
                  GC_ARG_VAL(count)};
    return launch_elements(c, K_G1_COMPRESS_ROWS, count, a, 5);
}

gc_kzg_ret kzg_stage_commitment(gc_kzg_ctx *c, size_t n) {
    gc_kzg_ret ret = to_ints(c, c->bb.poly, c->bb.commit_ints, c->one_raw, n << KZG_LOG_BLOB, 1, c->info.commit_teeth);
    if (ret) return ret;
    if ((ret = msm(c, commit_msm_shape(c, n), c->bb.commit_ints, c->bb.commit_partials, c->bb.commit_partials2,
                   c->info.commit_teeth, c->commit_spacing, c->table_commit, c->monomial, c->bb.commit, 0)))
        return ret;
    uint32_t log_n = 0, brp = 0, count = (uint32_t)n;
    gc_arg a[] = {GC_ARG_BUF(c->bb.commit), GC_ARG_BUF(c->bb.commit_bytes), GC_ARG_VAL(log_n), GC_ARG_VAL(brp),
                  GC_ARG_VAL(count)};
    return launch_elements(c, K_G1_COMPRESS_ROWS, n, a, 5);
}

/* ---- creation -------------------------------------------------------------------- */

/* The comb tables of `bases` (msm_comb_powers, then msm_comb_table_build): 2^(teeth-1)
 * affine points per base; the teeth go through a scratch buffer freed at the end. */
static gc_kzg_ret build_tables(gc_kzg_ctx *c, gc_buffer *bases, size_t n_bases, uint32_t teeth, uint32_t spacing,
                               gc_buffer **table) {
    uint32_t nb = (uint32_t)n_bases;
    size_t bytes = (n_bases << (teeth - 1)) * sizeof(gc_g1a);
    gc_buffer *powers = NULL;
    gc_kzg_ret ret = upload(c, table, NULL, bytes, "MSM comb table");
    if (ret || (ret = upload(c, &powers, NULL, n_bases * teeth * sizeof(gc_g1p), "MSM comb teeth"))) return ret;
    c->info.precompute_bytes += bytes;
    gc_arg p[] = {GC_ARG_BUF(bases), GC_ARG_BUF(powers), GC_ARG_VAL(nb), GC_ARG_VAL(teeth), GC_ARG_VAL(spacing)};
    gc_arg t[] = {GC_ARG_BUF(powers), GC_ARG_BUF(*table), GC_ARG_VAL(nb), GC_ARG_VAL(teeth)};
    if (!(ret = launch_elements(c, K_MSM_COMB_POWERS, n_bases, p, 5)))
        ret = launch_elements(c, K_MSM_COMB_TABLE_BUILD, (n_bases << (teeth - 1)) >> KZG_COMB_RUN_LOG, t, 4);
    gc_status st = gc_device_finish(c->dev); /* before the scratch goes, even after a failed launch */
    gc_buffer_free(powers);
    if (ret) return ret;
    return st ? kzg_device_error(c, st, "building the MSM comb tables") : GC_KZG_OK;
}

/* x_ext_fft (c-kzg's init_fk20_multi_settings): for each offset i < L the points
 * x[k] = [s^(4096 - L - 1 - i - k L)] for k < r - 1, then infinity up to 2r, and their
 * G1 FFT of size 2r; kept as rows [i][2r]. */
static gc_kzg_ret build_x_ext_fft(gc_kzg_ctx *c, const gc_g1p *mono, const gc_g1p *given) {
    size_t l = (size_t)1 << c->log_l, two_r = (size_t)1 << c->log_2r, r = two_r / 2;
    if (given) {
        gc_kzg_ret ret = upload(c, &c->x_ext_fft, given, l * two_r * sizeof(gc_g1p), "x_ext_fft");
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
    gc_kzg_ret ret = upload(c, &c->x_ext_fft, x, l * two_r * sizeof(gc_g1p), "x_ext_fft");
    free(x);
    if (ret) return ret;
    c->info.precompute_bytes += l * two_r * sizeof(gc_g1p);
    return g1_fft(c, c->x_ext_fft, l, c->g1_tw_2r, c->g1_pair_tw_2r);
}

static gc_kzg_ret alloc_batch(gc_kzg_ctx *c) {
    size_t b = c->info.max_batch, two_r = (size_t)1 << c->log_2r;
    size_t partials = most_msm_items(c, fk20_msm_shape, b, 1), commit_partials = most_msm_items(c, commit_msm_shape, b, 1);
    size_t partials_per_blob = (partials + b - 1) / b, commit_partials_per_blob = (commit_partials + b - 1) / b;
    struct {
        gc_buffer **buf;
        size_t per_blob;
        const char *what;
    } plan[] = {
        {&c->bb.blobs, GC_KZG_BYTES_PER_BLOB, "blobs"},
        {&c->bb.bad, sizeof(uint32_t), "blob flags"},
        {&c->bb.poly, 4096 * sizeof(gc_fr), "polynomials"},
        {&c->bb.ext, 8192 * sizeof(gc_fr), "extended evaluations"},
        {&c->bb.circ, 8192 * sizeof(gc_fr), "circulant rows"},
        {&c->bb.ints, 8192 * sizeof(gc_fr), "MSM scalars"},
        {&c->bb.partials, partials_per_blob * sizeof(gc_g1p), "MSM partial sums"},
        {&c->bb.partials2, (partials_per_blob + 7) / 8 * sizeof(gc_g1p), "MSM partial sums"},
        {&c->bb.commit_ints, 4096 * sizeof(gc_fr), "commitment MSM scalars"},
        {&c->bb.commit_partials, commit_partials_per_blob * sizeof(gc_g1p), "commitment MSM partial sums"},
        {&c->bb.commit_partials2, (commit_partials_per_blob + 7) / 8 * sizeof(gc_g1p), "commitment MSM partial sums"},
        {&c->bb.u, two_r * sizeof(gc_g1p), "FK20 points"},
        {&c->bb.commit, sizeof(gc_g1p), "commitments"},
        {&c->bb.out_bytes, 8192 * 32, "output bytes"},
        {&c->bb.commit_bytes, GC_KZG_BYTES_PER_COMMITMENT, "commitment bytes"},
        {&c->bb.proof_bytes, (size_t)GC_KZG_BYTES_PER_PROOF << c->log_2r, "proof bytes"},
    };
    c->info.batch_bytes = 0;
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++) {
        gc_kzg_ret ret = upload(c, plan[i].buf, NULL, plan[i].per_blob * b, plan[i].what);
        if (ret) return ret;
        c->info.batch_bytes += plan[i].per_blob;
    }
    c->flag_mark = UINT32_MAX; /* the first pass zeroes the fresh flags (kzg_stage_blob_to_fr) */
    if (c->log_2r == 7) { /* L = 64: the batches' convolution (kzg_stage_g1_straus) */
        size_t straus = b * two_r * KZG_STRAUS_MAX_SLOTS;
        gc_kzg_ret ret;
        if ((ret = upload_straus_digits(c)) ||
            (ret = upload(c, &c->straus_products, NULL, straus * sizeof(gc_g1p), "G1 convolution products (batches)")) ||
            (ret = upload(c, &c->straus_products2, NULL, (straus + 7) / 8 * sizeof(gc_g1p),
                          "G1 convolution products (batches)")))
            return ret;
        c->info.batch_bytes += two_r * KZG_STRAUS_MAX_SLOTS * 9 / 8 * sizeof(gc_g1p);
    }
    /* the G1 convolution's products for passes of up to g1_conv_max_batch blobs; larger
     * stage calls run in slices of that many (kzg_stage_g1_conv) */
    if (!c->info.g1_conv_max_batch) return GC_KZG_OK;
    c->conv_blobs = c->info.g1_conv_max_batch < b ? c->info.g1_conv_max_batch : b;
    size_t products = c->conv_blobs * two_r * KZG_CONV_SLOTS, hi_rows = c->conv_blobs * (KZG_CONV_PARTS - 1);
    size_t msm_blobs = c->conv_blobs < KZG_CONV_PIECES_MSM_MAX_BATCH ? c->conv_blobs : KZG_CONV_PIECES_MSM_MAX_BATCH;
    size_t conv_partials = most_msm_items(c, fk20_msm_shape, msm_blobs, 1); /* U_2's MSM (conv_hi_msm) */
    gc_fr scale, inv_2r, pow2, raw; /* 2^64 / 2r, raw (fr_to_int's scale) */
    gc_fr_fft_inv_n(&inv_2r, c->log_2r);
    gc_fr_zero(&raw);
    raw.l[2] = 1;
    gc_fr_to_mont(&pow2, &raw);
    gc_fr_mul(&pow2, &pow2, &inv_2r);
    gc_fr_from_mont(&scale, &pow2);
    gc_kzg_ret ret;
    if ((ret = upload_conv_taps(c, &c->conv_digits, 1)) || (ret = upload_conv_taps(c, &c->conv_digits2, 2)) ||
        (ret = upload(c, &c->conv_scale, &scale, sizeof scale, "scale")) ||
        (ret = upload(c, &c->conv_hi, NULL, hi_rows * two_r * sizeof(gc_g1p), "G1 convolution points")) ||
        (ret = upload(c, &c->conv_ints, NULL, msm_blobs * 8192 * sizeof(gc_fr), "G1 convolution MSM scalars")) ||
        (ret = upload(c, &c->conv_partials, NULL, conv_partials * sizeof(gc_g1p), "G1 convolution MSM partial sums")) ||
        (ret = upload(c, &c->conv_partials2, NULL, (conv_partials + 7) / 8 * sizeof(gc_g1p),
                      "G1 convolution MSM partial sums")) ||
        (ret = upload(c, &c->conv_products, NULL, products * sizeof(gc_g1p), "G1 convolution products")) ||
        (ret = upload(c, &c->conv_products2, NULL, products / 8 * sizeof(gc_g1p), "G1 convolution products")))
        return ret;
    c->info.batch_bytes += ((products * 9 / 8 + hi_rows * two_r + conv_partials * 9 / 8) * sizeof(gc_g1p) +
                            msm_blobs * 8192 * sizeof(gc_fr)) / b;
    return GC_KZG_OK;
}

/* The table of n_bases at `teeth` teeth, bytes. */
static uint64_t table_bytes(size_t n_bases, unsigned teeth) { return ((uint64_t)n_bases << (teeth - 1)) * sizeof(gc_g1a); }

/* The default combs, largest first (signed, 2^(T-1) points per base; T = 14 has the
 * memory 13 unsigned teeth had): FK20's table and the commitment's. On a GPU of 128 GB or
 * more both at 17 teeth (48 + 24 GiB; FK20's MSM 15 additions a term against 16: on an
 * H200 cells + proofs of 64 blobs 10.31 / 10.27 -> 10.17 / 10.11 ms, 128 blobs 17.47 /
 * 17.35 -> 16.81 / 16.83, one blob 1.097 / 1.079 -> 1.061 / 1.068, run228.sh); from 64 GB
 * 16 and 17 (24 GiB each; 16 and 15 additions per term against 19 at 14: the commitments
 * 21% and the L = 16 MSM 18% faster on an H100, docs/results/fk20.md; both at 17 there
 * leave an 80 GB card about 6 GB), 14 from 32 GB (9 GiB), 13 from 16 GB (4.5 GiB), 11
 * below (1.1 GiB: the mode for GPUs of 4 GB). A default context whose tables do not fit
 * (another context holds the memory) takes the next tier (build_comb_tables). */
static const unsigned comb_tiers[][2] = {{17, 17}, {16, 17}, {14, 14}, {13, 13}, {11, 11}};
#define N_COMB_TIERS (sizeof comb_tiers / sizeof comb_tiers[0])

/* The default teeth for `di`: its tier by memory, each table within the device's largest
 * allocation (OpenCL's is often a quarter of the memory). No tables on a CPU device
 * (building them costs more than they save on a few blobs). */
static void default_comb_teeth(const gc_device_info *di, unsigned *fk20, unsigned *commit) {
    uint64_t mem = di->global_mem_bytes, gib = (uint64_t)1 << 30;
    if (!di->is_gpu) {
        *fk20 = *commit = 0;
        return;
    }
    size_t tier = mem >= 128 * gib ? 0 : mem >= 64 * gib ? 1 : mem >= 32 * gib ? 2 : mem >= 16 * gib ? 3 : 4;
    *fk20 = comb_tiers[tier][0];
    *commit = comb_tiers[tier][1];
    while (*fk20 > 11 && di->max_alloc_bytes && table_bytes((size_t)1 << KZG_LOG_EXT, *fk20) > di->max_alloc_bytes)
        (*fk20)--;
    while (*commit > 11 && di->max_alloc_bytes && table_bytes(4096, *commit) > di->max_alloc_bytes) (*commit)--;
}

static void set_comb_teeth(gc_kzg_ctx *c, unsigned fk20, unsigned commit) {
    /* the signed comb's teeth * spacing >= 255: its odd scalars are < 2^255 (fr_to_int) */
    c->info.comb_teeth = fk20;
    c->info.commit_teeth = commit;
    c->fk20_spacing = fk20 ? (255 + fk20 - 1) / fk20 : 0;
    c->commit_spacing = commit ? (255 + commit - 1) / commit : 0;
}

/* Both comb tables (FK20's when with_fk20: the context has x_ext_fft). With `fallback`
 * (the teeth are the default's), tables that do not fit in the device memory are freed
 * and the next smaller tier is tried. */
static gc_kzg_ret build_comb_tables(gc_kzg_ctx *c, int with_fk20, int fallback) {
    for (;;) {
        gc_kzg_ret ret = GC_KZG_OK;
        if (with_fk20 && c->info.comb_teeth)
            ret = build_tables(c, c->x_ext_fft, (size_t)1 << KZG_LOG_EXT, c->info.comb_teeth, c->fk20_spacing,
                               &c->table_fk20);
        if (!ret && c->info.commit_teeth)
            ret = build_tables(c, c->monomial, 4096, c->info.commit_teeth, c->commit_spacing, &c->table_commit);
        if (ret != GC_KZG_DEVICE_MEMORY || !fallback) return ret;
        size_t t = 0;
        while (t < N_COMB_TIERS && comb_tiers[t][0] >= c->info.comb_teeth) t++;
        if (t == N_COMB_TIERS) return ret;
        if (c->table_fk20) c->info.precompute_bytes -= table_bytes((size_t)1 << KZG_LOG_EXT, c->info.comb_teeth);
        if (c->table_commit) c->info.precompute_bytes -= table_bytes(4096, c->info.commit_teeth);
        gc_buffer_free(c->table_fk20);
        gc_buffer_free(c->table_commit);
        c->table_fk20 = c->table_commit = NULL;
        set_comb_teeth(c, comb_tiers[t][0], comb_tiers[t][1]);
        c->last_message[0] = 0;
        c->last_status = GC_OK;
    }
}

static gc_kzg_ret check_options(const gc_kzg_options *opt) {
    unsigned l = opt->cell_size;
    if (l != 16 && l != 32 && l != 64) return GC_KZG_BADARGS;
    if ((opt->comb_teeth && (opt->comb_teeth < GC_KZG_COMB_TEETH_MIN || opt->comb_teeth > GC_KZG_COMB_TEETH_MAX)) ||
        (opt->commit_teeth && (opt->commit_teeth < GC_KZG_COMB_TEETH_MIN || opt->commit_teeth > GC_KZG_COMB_TEETH_MAX)) ||
        opt->max_batch > (1u << 16) ||
        (opt->g1_conv_max_batch > GC_KZG_G1_CONV_MAX_BATCH_MAX && opt->g1_conv_max_batch != GC_KZG_NO_G1_CONV))
        return GC_KZG_BADARGS;
    return GC_KZG_OK;
}

gc_kzg_ret kzg_ctx_create_from_points(gc_kzg_ctx **out, gc_device *dev, const gc_g1a *monomial,
                                      const gc_kzg_options *opt, char *err, size_t err_len) {
    return kzg_ctx_create_for_test(out, dev, monomial, opt, NULL, err, err_len);
}

gc_kzg_ret kzg_ctx_create_for_test(gc_kzg_ctx **out, gc_device *dev, const gc_g1a *monomial,
                                   const gc_kzg_options *opt_in, const kzg_ctx_test_hooks *hooks, char *err,
                                   size_t err_len) {
    static const kzg_ctx_test_hooks no_hooks = {NULL, 0, KZG_X_EXT_FFT_COMPUTE, NULL, 0};
    if (err && err_len) err[0] = 0;
    if (!out) return GC_KZG_BADARGS;
    *out = NULL;
    if (!hooks) hooks = &no_hooks;
    if (!dev || !monomial || (hooks->x_ext_fft_source == KZG_X_EXT_FFT_GIVEN && !hooks->x_ext_fft))
        return GC_KZG_BADARGS;
    const gc_device_info *di = gc_device_get_info(dev);
    /* the G1 convolution by default on a GPU only: it saves launches in a row (latency),
     * and costs 13x the FFTs' products, which is all a CPU device sees */
    gc_kzg_options opt = {64, 0, 0, di->is_gpu ? KZG_CONV_MAX_BATCH : GC_KZG_NO_G1_CONV, 0};
    default_comb_teeth(di, &opt.comb_teeth, &opt.commit_teeth);
    if (opt_in) {
        if (opt_in->cell_size) opt.cell_size = opt_in->cell_size;
        if (opt_in->comb_teeth) /* both tables, unless commit_teeth says otherwise below */
            opt.comb_teeth = opt.commit_teeth = opt_in->comb_teeth == GC_KZG_NO_TABLES ? 0 : opt_in->comb_teeth;
        if (opt_in->commit_teeth)
            opt.commit_teeth = opt_in->commit_teeth == GC_KZG_NO_TABLES ? 0 : opt_in->commit_teeth;
        opt.max_batch = opt_in->max_batch;
        if (opt_in->g1_conv_max_batch) opt.g1_conv_max_batch = opt_in->g1_conv_max_batch;
    }
    if (hooks->comb_teeth) opt.comb_teeth = opt.commit_teeth = hooks->comb_teeth;
    int teeth_defaulted = !hooks->comb_teeth && (!opt_in || (!opt_in->comb_teeth && !opt_in->commit_teeth));
    gc_kzg_ret ret = check_options(&opt);
    if (ret) {
        char conv[16] = "none";
        if (opt.g1_conv_max_batch != GC_KZG_NO_G1_CONV) snprintf(conv, sizeof conv, "%u", opt.g1_conv_max_batch);
        if (err)
            snprintf(err, err_len,
                     "unsupported options: cell size %u (16, 32 or 64), comb teeth %u and %u for the commitment "
                     "(%u-%u or none), max batch %zu (at most 65536), G1 convolution batch %s (1-%u or none)",
                     opt.cell_size, opt.comb_teeth, opt.commit_teeth, GC_KZG_COMB_TEETH_MIN, GC_KZG_COMB_TEETH_MAX,
                     opt.max_batch, conv, GC_KZG_G1_CONV_MAX_BATCH_MAX);
        return ret;
    }
    gc_kzg_ctx *c = calloc(1, sizeof *c);
    gc_g1p *mono = malloc(4096 * sizeof(gc_g1p));
    if (!c || !mono) {
        free(c);
        free(mono);
        return GC_KZG_MALLOC;
    }
    double t0 = gc_clock_ms();
    c->dev = dev;
    c->info.cell_size = opt.cell_size;
    c->info.cells_per_blob = GC_KZG_CELLS_PER_BLOB(opt.cell_size);
    set_comb_teeth(c, opt.comb_teeth, opt.commit_teeth);
    /* L = 16 / 32 keep the FFTs: their convolutions would have 257 / 129 taps */
    c->info.g1_conv_max_batch =
        opt.cell_size == 64 && opt.g1_conv_max_batch != GC_KZG_NO_G1_CONV ? opt.g1_conv_max_batch : 0;
    c->log_l = opt.cell_size == 16 ? 4 : opt.cell_size == 32 ? 5 : 6;
    c->log_2r = KZG_LOG_EXT - c->log_l;
    for (size_t i = 0; i < 4096; i++) gc_g1p_from_affine(&mono[i], &monomial[i]);

    gc_build_options bo = {hooks->defines, hooks->n_defines, 0};
    char *log = NULL;
    gc_status st = gc_module_build(dev, KZG_SOURCE, &bo, &c->mod, &log);
    if (st) {
        ret = kzg_device_error(c, st, "building " KZG_SOURCE);
        if (log) snprintf(c->last_message, sizeof c->last_message, "building %s: %.400s", KZG_SOURCE, log);
        free(log);
        goto out;
    }
    free(log);
    for (int k = 0; k < K_COUNT; k++)
        if ((st = gc_kernel_get(c->mod, kernel_names[k], &c->k[k]))) {
            ret = kzg_device_error(c, st, kernel_names[k]);
            goto out;
        }

    c->two_queues = 1;
    c->copiers = kzg_copy_team_create(); /* NULL (no memory): the host copies on the calling thread */
    for (unsigned t = 0; t < KZG_TEAM_SITES; t++) c->team[t] = 0; /* by backend and size (team_lanes) */
    c->conv_msm_beside = gc_device_get_info(dev)->is_gpu;
    /* The batches' convolution on a GPU for every pass the pieces' form does not take: on an
     * H100 (run201.sh, each map alone) 32 / 64 / 128 blobs 4.99 / 5.36 / 10.40 ms against the
     * G1 FFTs' 7.24 / 8.94 / 13.49, cells and proofs 11.0 / 15.1 / 24.3-25.1 -> 8.7 / 11.5 /
     * 21.0-21.2. A CPU device keeps the FFTs (no measurement there says otherwise). */
    c->straus_min_batch = gc_device_get_info(dev)->is_gpu ? 1 : 0;
    c->straus_levels = 2;
    c->straus_pairing = 1;
    c->msm_affine = KZG_MSM_AFFINE_BY_SIZE;
    gc_fr inv_4096, inv_2r_raw = inv_pow2_raw(c->log_2r), one_raw;
    gc_fr_fft_inv_n(&inv_4096, KZG_LOG_BLOB);
    gc_fr_zero(&one_raw);
    one_raw.l[0] = 1;
    if ((ret = upload_twiddles(c, &c->tw_2r, c->log_2r, 0)) ||
        (ret = upload_g1_twiddles(c, &c->g1_tw_2r, c->log_2r, 0)) ||
        (ret = upload_g1_twiddles(c, &c->g1_itw_2r, c->log_2r, 1)) ||
        (ret = upload_g1_pair_twiddles(c, &c->g1_pair_tw_2r, c->log_2r, 0)) ||
        (ret = upload_g1_pair_twiddles(c, &c->g1_pair_itw_2r, c->log_2r, 1)) ||
        (ret = kzg_ctx_set_g1_pair_max_points(c, KZG_G1_PAIR_MAX_POINTS)) ||
        (ret = upload_twiddles(c, &c->itw_4096, KZG_LOG_BLOB, 1)) ||
        (ret = upload_twiddles(c, &c->tw_8192, KZG_LOG_EXT, 0)) ||
        (ret = upload(c, &c->inv_4096, &inv_4096, sizeof inv_4096, "scale")) ||
        (ret = upload(c, &c->inv_2r_raw, &inv_2r_raw, sizeof inv_2r_raw, "scale")) ||
        (ret = upload(c, &c->one_raw, &one_raw, sizeof one_raw, "scale")) ||
        (ret = upload(c, &c->monomial, mono, 4096 * sizeof(gc_g1p), "setup points")))
        goto out;
    c->info.precompute_bytes = 4096 * sizeof(gc_g1p);
    if (hooks->x_ext_fft_source != KZG_X_EXT_FFT_NONE) {
        const gc_g1p *given = hooks->x_ext_fft_source == KZG_X_EXT_FFT_GIVEN ? hooks->x_ext_fft : NULL;
        if ((ret = build_x_ext_fft(c, mono, given))) goto out;
    }
    if ((ret = build_comb_tables(c, c->x_ext_fft != NULL, teeth_defaulted))) goto out;
    if ((st = gc_device_finish(dev))) {
        ret = kzg_device_error(c, st, "precomputation");
        goto out;
    }
    c->info.precompute_ms = gc_clock_ms() - t0;

    /* The batch: what was asked, else up to 512 blobs (16 on a CPU device) within a
     * quarter of the device memory left. */
    if (opt.max_batch) {
        c->info.max_batch = opt.max_batch;
    } else {
        size_t cap = di->is_gpu ? 512 : 16, per_blob = 2u << 20; /* generous bound */
        uint64_t room = di->global_mem_bytes > c->info.precompute_bytes ? di->global_mem_bytes - c->info.precompute_bytes : 0;
        size_t fit = (size_t)(room / 4 / per_blob);
        c->info.max_batch = fit < 1 ? 1 : fit < cap ? fit : cap;
    }
    ret = alloc_batch(c);
out:
    free(mono);
    if (ret) {
        if (err) snprintf(err, err_len, "%s", c->last_message[0] ? c->last_message : gc_kzg_ret_message(ret));
        gc_kzg_ctx_free(c);
        return ret;
    }
    *out = c;
    return GC_KZG_OK;
}

void gc_kzg_ctx_free(gc_kzg_ctx *c) {
    if (!c) return;
    gc_buffer *bufs[] = {c->monomial, c->x_ext_fft, c->table_fk20, c->table_commit, c->tw_2r, c->g1_tw_2r, c->g1_itw_2r,
                         c->g1_pair_tw_2r, c->g1_pair_itw_2r, c->pair_scratch,
                         c->itw_4096, c->tw_8192, c->inv_4096, c->inv_2r_raw, c->one_raw, c->bb.blobs,
                         c->bb.bad, c->bb.poly, c->bb.ext, c->bb.circ, c->bb.ints, c->bb.partials, c->bb.partials2, c->bb.u,
                         c->bb.commit_ints, c->bb.commit_partials, c->bb.commit_partials2, c->bb.commit, c->bb.out_bytes, c->bb.commit_bytes, c->bb.proof_bytes, c->conv_digits, c->conv_digits2, c->conv_hi, c->conv_ints, c->conv_partials, c->conv_partials2, c->conv_scale, c->conv_products, c->conv_products2, c->straus_digits, c->straus_products, c->straus_products2};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        if (bufs[i]) gc_buffer_free(bufs[i]);
    if (c->staging_buf) gc_buffer_free(c->staging_buf);
    else free(c->staging);
    free(c->cells_backup);
    kzg_copy_team_destroy(c->copiers);
    for (int k = 0; k < K_COUNT; k++)
        if (c->k[k]) gc_kernel_free(c->k[k]);
    if (c->mod) gc_module_free(c->mod);
    free(c);
}

const gc_kzg_ctx_info *gc_kzg_ctx_get_info(const gc_kzg_ctx *ctx) { return ctx ? &ctx->info : NULL; }
