/* SPDX-License-Identifier: Apache-2.0 */
/* sums.c — the sums of partial points (the MSMs' chunks, the G1 convolution's products):
 * g1_sum_tree's work-groups for few outputs, grouped trees for many, fan-in-8 launches of
 * g1_sum_chunks otherwise; sums.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/msm/msm.h"

/* Up to this many outputs of more chunks than g1_sum_tree takes at once (one blob's
 * commitment: 4,096 chunks) are summed in two g1_sum_tree launches, runs of
 * KZG_SUM_TREE_WG chunks and then their sums: 12 additions deep, where the fan-in-8
 * launches are four of 7 in a row. */
#define KZG_SUM_TREE_TWO_LEVEL_MAX_OUT 8u

int kzg_sum_trees(const gc_kzg_ctx *c) { return gc_kernel_max_work_group_size(c->k[K_G1_SUM_TREE]) >= KZG_SUM_TREE_WG; }

void kzg_ctx_set_sum_tree_groups(gc_kzg_ctx *c, int on) { c->msm.sum_tree_groups_off = !on; }

void kzg_ctx_set_sum_tree_width(gc_kzg_ctx *c, unsigned width) {
    c->msm.sum_tree_width = width == KZG_SUM_TREE_WG / 2 || width == KZG_SUM_TREE_WG ? width : 0;
}

/* Work-items (or teams) per output of g1_sum_tree for sums of n_chunks: half of
 * KZG_SUM_TREE_WG up to 3/2 of it, where the chain is as deep (a work-item first adds
 * its two or three chunks in a row: 64 chunks are 1 + 5 additions either way, 72 are
 * 2 + 5 against 1 + 6) with half the warps. Why it matters on a GPU: in a group of 64
 * work-items only the first warp adds in the tree, and the first warps of two-warp groups
 * sit on half of an SM's four partitions (a group's warps take consecutive slots),
 * so the tree's additions shared half the GPU's schedulers. */
static uint32_t sum_tree_width(const gc_kzg_ctx *c, uint32_t n_chunks) {
    if (c->msm.sum_tree_width) return c->msm.sum_tree_width;
    return n_chunks <= KZG_SUM_TREE_WG * 3 / 2 ? KZG_SUM_TREE_WG / 2 : KZG_SUM_TREE_WG;
}

/* The lanes of a team of g1_sum_tree_team for a tree of n_out outputs: the context's
 * setting, else through CUDA teams of four up to KZG_SUM_TEAM4_MAX_OUT outputs and of two
 * up to KZG_SUM_TEAM_MAX_OUT (kzg_team_lanes), else one work-item an addition: on one
 * blob's MSM and convolution trees teams of four were fastest up to 128 outputs, and of
 * two beyond (docs/results/fk20.md). */
static uint32_t sum_tree_lanes(const gc_kzg_ctx *c, uint32_t n_out) {
    uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_SUMS, n_out);
    return !c->teams.lanes[KZG_TEAM_SUMS] && lanes == 2 && n_out <= KZG_SUM_TEAM4_MAX_OUT ? 4 : lanes;
}

/* out[out_first + i] = the sum of the n_chunks (at most 5 KZG_SUM_TREE_WG) points of
 * output i in src, by g1_sum_tree or, by teams, g1_sum_tree_team (sum_tree_lanes). */
gc_kzg_ret kzg_sum_tree(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *out, uint32_t n_chunks, uint32_t n_out,
                        uint32_t out_first) {
    uint32_t lanes = sum_tree_lanes(c, n_out), width = sum_tree_width(c, n_chunks);
    size_t most = gc_kernel_max_work_group_size(c->k[K_G1_SUM_TREE_TEAM]);
    if (lanes == 4 && most < 4 * width) lanes = 2; /* a work-group too large for the kernel */
    gc_arg r[] = {GC_ARG_BUF(src),        GC_ARG_BUF(out),   GC_ARG_VAL(n_chunks),
                  GC_ARG_VAL(out_first), GC_ARG_VAL(lanes), GC_ARG_VAL(width)};
    gc_arg plain[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(out_first),
                      GC_ARG_VAL(width)};
    if (lanes > 1 && most >= lanes * width)
        return kzg_launch_group(c, K_G1_SUM_TREE_TEAM, n_out, lanes * width, r, 6);
    return kzg_launch_group(c, K_G1_SUM_TREE, n_out, width, plain, 5);
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
    if (c->msm.sum_tree_groups_off || n_out <= KZG_SUM_TREE_MAX_OUT || n_chunks < 4 || n_chunks > KZG_SUM_TREE_WG) return 0;
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
gc_kzg_ret kzg_sum_chunks(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *scratch, uint32_t n_chunks, uint32_t n_out,
                          gc_buffer *out, uint32_t out_first) {
    const uint32_t fan = 8, zero = 0;
    int trees = kzg_sum_trees(c);
    if (trees && n_out <= KZG_SUM_TREE_TWO_LEVEL_MAX_OUT && n_chunks > 5 * KZG_SUM_TREE_WG &&
        n_chunks % KZG_SUM_TREE_WG == 0 && n_chunks / KZG_SUM_TREE_WG <= 5 * KZG_SUM_TREE_WG) {
        /* each run of KZG_SUM_TREE_WG chunks into scratch (an eighth of src holds them),
         * then those sums as the outputs' chunks */
        uint32_t runs = n_chunks / KZG_SUM_TREE_WG;
        gc_kzg_ret ret = kzg_sum_tree(c, src, scratch, KZG_SUM_TREE_WG, n_out * runs, 0);
        if (ret) return ret;
        src = scratch;
        n_chunks = runs;
    }
    if (trees && n_chunks > 1 && n_chunks <= 5 * KZG_SUM_TREE_WG && n_out <= KZG_SUM_TREE_MAX_OUT)
        return kzg_sum_tree(c, src, out, n_chunks, n_out, out_first);
    uint32_t width = trees ? grouped_sum_width(c, n_chunks, n_out) : 0;
    if (width) {
        gc_arg g[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(out_first), GC_ARG_VAL(width)};
        return kzg_launch_group(c, K_G1_SUM_TREE, n_out / (KZG_SUM_TREE_WG / width), KZG_SUM_TREE_WG, g, 5);
    }
    gc_buffer *dst = scratch;
    while (n_chunks > fan && n_chunks % fan == 0) {
        uint32_t groups = n_out * (n_chunks / fan);
        gc_arg r[] = {GC_ARG_BUF(src), GC_ARG_BUF(dst), GC_ARG_VAL(fan), GC_ARG_VAL(groups), GC_ARG_VAL(zero)};
        gc_kzg_ret ret = kzg_launch_elements(c, K_G1_SUM_CHUNKS, groups, r, 5);
        if (ret) return ret;
        gc_buffer *t = src;
        src = dst;
        dst = t;
        n_chunks /= fan;
    }
    gc_arg r[] = {GC_ARG_BUF(src), GC_ARG_BUF(out), GC_ARG_VAL(n_chunks), GC_ARG_VAL(n_out), GC_ARG_VAL(out_first)};
    return kzg_launch_elements(c, K_G1_SUM_CHUNKS, n_out, r, 5);
}

/* out[out_first + i] = the sum over q of [2^(q per)] sums[i parts + q] (g1_msm_parts_combine),
 * by teams of four where the sums' trees may take teams (CUDA, or --param fk20.sum_team
 * above 1), whatever the outputs (at most 512 here): per doublings in a row for each
 * part but the top, each two rounds of four products, so four lanes wait for two products
 * in a row where one waits for eight (as kzg_conv_mul_pow32). */
gc_kzg_ret kzg_msm_parts_combine(gc_kzg_ctx *c, gc_buffer *sums, gc_buffer *out, uint32_t out_first, uint32_t n_out,
                                 uint32_t parts, uint32_t per) {
    uint32_t lanes = kzg_team_lanes(c, KZG_TEAM_SUMS, 1) > 1 && (size_t)n_out * 4 % KZG_TEAM_GROUP == 0 ? 4 : 1;
    gc_arg a[] = {GC_ARG_BUF(sums),  GC_ARG_BUF(out), GC_ARG_VAL(out_first), GC_ARG_VAL(n_out),
                  GC_ARG_VAL(parts), GC_ARG_VAL(per), GC_ARG_VAL(lanes)};
    return lanes > 1 ? kzg_launch_teams(c, K_G1_MSM_PARTS_COMBINE_TEAM, (size_t)n_out * lanes, a, 7)
                     : kzg_launch_elements(c, K_G1_MSM_PARTS_COMBINE, n_out, a, 6);
}
