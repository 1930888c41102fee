/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_launch.c — the KZG kernels' table and the launch, upload and queue helpers that
 * every stage's host launcher uses. */
#include "crypto/kzg/kzg_launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const kzg_kernel_names[K_COUNT] = {
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
gc_kzg_ret kzg_launch_elements(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs) {
    size_t wg = ELEMENT_WG, lim = gc_kernel_max_work_group_size(c->k[id]);
    if (lim < wg) wg = lim;
    gc_range r = {1, {(n + wg - 1) / wg * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kzg_kernel_names[id]) : GC_KZG_OK;
}

/* `groups` work-groups of exactly `wg` work-items (the kernel's loops assume it; callers
 * check the kernel's limit first). */
gc_kzg_ret kzg_launch_group(gc_kzg_ctx *c, kzg_kernel_id id, size_t groups, size_t wg, const gc_arg *args,
                            size_t nargs) {
    gc_range r = {1, {groups * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kzg_kernel_names[id]) : GC_KZG_OK;
}

/* Work-groups of the team kernels (g1_team.gc): KZG_TEAM_GROUP work-items, n of them in
 * all (the callers' sizes are whole groups; the kernels return by whole groups); a device
 * that cannot run groups that large cannot run them. */
gc_kzg_ret kzg_launch_teams(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs) {
    if (gc_kernel_max_work_group_size(c->k[id]) < KZG_TEAM_GROUP || n % KZG_TEAM_GROUP) {
        snprintf(c->last_message, sizeof c->last_message, "%s needs whole work-groups of %u (%zu work-items)",
                 kzg_kernel_names[id], KZG_TEAM_GROUP, n);
        return GC_KZG_DEVICE;
    }
    return kzg_launch_group(c, id, n / KZG_TEAM_GROUP, KZG_TEAM_GROUP, args, nargs);
}

/* One work-group per row: rows groups of min(threads, 256, the kernel's limit). */
gc_kzg_ret kzg_launch_rows(gc_kzg_ctx *c, kzg_kernel_id id, size_t rows, size_t threads, const gc_arg *args,
                           size_t nargs) {
    size_t wg = threads < 256 ? threads : 256, lim = gc_kernel_max_work_group_size(c->k[id]);
    if (lim < wg) wg = lim;
    gc_range r = {1, {rows * wg, 1, 1}, {wg, 1, 1}, 0};
    gc_status st = gc_kernel_enqueue(c->k[id], &r, args, nargs);
    return st ? kzg_device_error(c, st, kzg_kernel_names[id]) : GC_KZG_OK;
}

gc_kzg_ret kzg_upload(gc_kzg_ctx *c, gc_buffer **out, const void *data, size_t bytes, const char *what) {
    gc_status st = gc_buffer_alloc(c->dev, bytes, GC_MEM_DEVICE, out);
    if (!st && data) st = gc_buffer_write(*out, 0, data, bytes);
    return st ? kzg_device_error(c, st, what) : GC_KZG_OK;
}

/* Fr scalars of the G1 kernels' fixed products as the wNAF digits of their GLV splits
 * (glv.gc, 2 GC_GLV_DIGITS bytes each): `count` scalars in `slots` entries, those past
 * `count` zero (never read). */
gc_kzg_ret kzg_upload_glv_digits(gc_kzg_ctx *c, gc_buffer **out, const gc_fr *scalars, size_t count,
                                 size_t slots, const char *what) {
    size_t per = 2 * GC_GLV_DIGITS;
    unsigned char *digits = calloc(slots, per);
    if (!digits) return GC_KZG_MALLOC;
    for (size_t i = 0; i < count; i++) gc_glv_wnaf_digits(digits + i * per, &scalars[i]);
    gc_kzg_ret ret = kzg_upload(c, out, digits, slots * per, what);
    free(digits);
    return ret;
}

void kzg_ctx_set_two_queues(gc_kzg_ctx *c, int on) { c->batch.two_queues = on != 0; }

void kzg_ctx_set_team(gc_kzg_ctx *c, kzg_team_site site, unsigned lanes) {
    if (site < KZG_TEAM_SITES) c->teams.lanes[site] = lanes == 1 || lanes == 2 || lanes == 4 ? lanes : 0;
}

/* By default each team site runs through CUDA by teams of two up to a size, beyond it and
 * through OpenCL (local memory and barriers, slower) one work-item an operation; the
 * limits are where teams stopped paying on a GPU (docs/results/fk20.md):
 * - the fused pairs' twiddle products, up to KZG_TEAM_MAX_POINTS points (128 blobs at
 *   L = 64);
 * - the convolution's products, up to one row: there the launch has one warp a
 *   partition and waits for one piece's chain, which teams halve; with more rows the
 *   teams only add their exchanges;
 * - the small sums' trees, up to KZG_SUM_TEAM_MAX_OUT outputs, by teams of four up to
 *   KZG_SUM_TEAM4_MAX_OUT (msm/sums.c's sum_tree_lanes). */
static const uint32_t team_default_max[KZG_TEAM_SITES] = {KZG_TEAM_MAX_POINTS, 1, KZG_SUM_TEAM_MAX_OUT};

/* Work-items per operation at `site` for a launch of `size` (points of the pairs, rows of
 * the convolution, outputs of the trees): the context's setting, or the default above. */
uint32_t kzg_team_lanes(const gc_kzg_ctx *c, kzg_team_site site, uint32_t size) {
    if (c->teams.lanes[site]) return c->teams.lanes[site];
    const gc_device_info *in = gc_device_get_info(c->dev);
    return in->backend == GC_BACKEND_CUDA && in->is_gpu && size <= team_default_max[site] ? 2 : 1;
}

void kzg_ctx_set_team_sm_warps(gc_kzg_ctx *c, unsigned warps) {
    c->teams.sm_warps = warps == KZG_TEAM_SM_WARPS_FULL || warps == KZG_TEAM_SM_WARPS_CAPPED ? warps : 0;
}

/* Of a team kernel's two register budgets (`capped`, 168 registers a work-item, and
 * `full`, 255), the one for a launch of n work-items: the full one where all its one-warp
 * work-groups are resident at once (at most KZG_TEAM_SM_WARPS_FULL an SM), else the
 * capped one, whose larger launches take fewer waves (docs/results/fk20.md). */
kzg_kernel_id kzg_team_kernel(const gc_kzg_ctx *c, kzg_kernel_id capped, kzg_kernel_id full, size_t n) {
    unsigned warps = c->teams.sm_warps;
    if (!warps) {
        size_t units = gc_device_get_info(c->dev)->compute_units;
        warps = n / KZG_TEAM_GROUP <= KZG_TEAM_SM_WARPS_FULL * units ? KZG_TEAM_SM_WARPS_FULL : KZG_TEAM_SM_WARPS_CAPPED;
    }
    return warps == KZG_TEAM_SM_WARPS_FULL ? full : capped;
}

/* The raw integer (not Montgomery form) of 1/2^log_n, the MSM scalars' scale. */
gc_fr kzg_inv_pow2_raw(unsigned log_n) {
    gc_fr m, raw;
    gc_fr_fft_inv_n(&m, log_n);
    gc_fr_from_mont(&raw, &m);
    return raw;
}

gc_kzg_ret kzg_kernels_build(gc_kzg_ctx *c, const char *const *defines, size_t n_defines) {
    gc_build_options bo = {defines, n_defines, 0};
    char *log = NULL;
    gc_status st = gc_module_build(c->dev, KZG_SOURCE, &bo, &c->mod, &log);
    if (st) {
        gc_kzg_ret ret = kzg_device_error(c, st, "building " KZG_SOURCE);
        if (log) snprintf(c->last_message, sizeof c->last_message, "building %s: %.400s", KZG_SOURCE, log);
        free(log);
        return ret;
    }
    free(log);
    for (int k = 0; k < K_COUNT; k++)
        if ((st = gc_kernel_get(c->mod, kzg_kernel_names[k], &c->k[k]))) return kzg_device_error(c, st, kzg_kernel_names[k]);
    return GC_KZG_OK;
}
