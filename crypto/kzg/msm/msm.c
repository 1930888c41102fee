/* SPDX-License-Identifier: Apache-2.0 */
/* msm.c — the fixed-base MSMs over the comb tables (or the bases, without tables): the
 * launch shape's chunks and column parts, the products, then the sums (sums.c). The
 * kernels are comb.gc's; the scalars' recoding (fr_to_int) sits in fk20/fk20.gc beside the
 * fused circulant kernel that shares it. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/msm/msm.h"

/* Work-items an MSM launch aims for: MSM_ITEMS_TARGET_LARGE where that leaves each at
 * least MSM_LARGE_MIN_CHUNK terms, else MSM_ITEMS_TARGET (kzg_msm_chunk). */
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
 * once, with few doublings per term (a fixed chunk left small passes with a few long
 * serial chains). Large MSMs aim for 2^16 where each work-item still adds 8 terms or
 * more: twice the warps gain more than the doublings they add; below 8 terms, and at
 * 2^17, it lost (docs/results/fk20.md). Without tables (CPU devices) the terms of a chunk
 * share their doublings: `no_table_chunk` terms. */
uint32_t kzg_msm_chunk(unsigned teeth, size_t outputs, uint32_t n_terms, uint32_t no_table_chunk) {
    if (!teeth) return no_table_chunk;
    uint32_t chunk = msm_chunk_for(MSM_ITEMS_TARGET_LARGE, outputs, n_terms);
    return chunk >= MSM_LARGE_MIN_CHUNK ? chunk : msm_chunk_for(MSM_ITEMS_TARGET, outputs, n_terms);
}

void kzg_ctx_set_msm_affine(gc_kzg_ctx *c, kzg_msm_affine_mode mode) { c->msm.affine = mode; }

void kzg_ctx_set_msm_parts(gc_kzg_ctx *c, unsigned parts) {
    c->msm.parts = parts <= KZG_MSM_PARTS_MAX ? parts : KZG_MSM_PARTS_MAX;
}

/* Whether an MSM of one term a work-item, n_out outputs (all blobs) of n_terms terms, cut
 * in `parts`, can leave its parts' weights until after the sums (msm_comb's s.defer): each
 * part's sums must be one g1_sum_tree launch, n_out parts outputs of n_terms chunks. */
static int msm_parts_deferrable(const gc_kzg_ctx *c, size_t n_out, uint32_t n_terms, uint32_t parts) {
    return parts > 1 && n_out * parts <= KZG_SUM_TREE_MAX_OUT && n_terms > 1 && n_terms <= 5 * KZG_SUM_TREE_WG &&
           kzg_sum_trees(c);
}

/* The column parts of an MSM of `chunk` terms a work-item over a table of `teeth`: cut only
 * where a work-item holds one term (the latency-bound small passes; larger chunks share
 * their doublings, which parts would repeat). By default two, their weights deferred where
 * msm_parts_deferrable allows (one and two blobs at L = 64): then the parts add no work per
 * term, every term's doublings are those of one part, and an output's two sums meet once
 * after spacing / 2 doublings (g1_msm_parts_combine; kzg_msm() has the measurements), so the
 * MSM is cut in two whatever runs beside it. Otherwise the upper part doubles in every
 * work-item, and the rule measured before deferral holds: two parts where the MSM runs
 * alone, one where the FK20 MSM and the commitment's run side by side, whose extra
 * doublings then take the GPU the other MSM needs; three parts and more add more doublings
 * than the shorter chains save (docs/results/fk20.md). */
uint32_t kzg_msm_parts(const gc_kzg_ctx *c, unsigned teeth, uint32_t chunk, size_t n_out, uint32_t n_terms) {
    if (!teeth || chunk != 1) return 1;
    if (c->msm.parts) return c->msm.parts;
    return msm_parts_deferrable(c, n_out, n_terms, 2) ? 2 : c->msm.beside ? 1 : 2;
}

/* An output's partial sums (its sum's chunks) and the MSM's work-items. */
uint32_t kzg_msm_chunks(kzg_msm_shape s) { return (s.n_terms + s.chunk - 1) / s.chunk * s.parts; }
size_t kzg_msm_items(kzg_msm_shape s) { return (size_t)s.n_blobs * s.n_out * kzg_msm_chunks(s); }

/* The most partial sums of any MSM of `shape` over n versions x blobs, n = 1 .. max_blobs
 * (the chunk varies with n), at the most column parts that a later kzg_ctx_set_msm_parts
 * may ask: what its partials buffer holds. */
size_t kzg_most_msm_items(const gc_kzg_ctx *c, kzg_msm_shape (*shape)(const gc_kzg_ctx *, size_t),
                          size_t max_blobs, size_t versions) {
    size_t most = 0;
    for (size_t n = 1; n <= max_blobs; n++) {
        kzg_msm_shape s = shape(c, n * versions);
        size_t items = kzg_msm_items(s) / s.parts * (s.chunk == 1 ? KZG_MSM_PARTS_MAX : 1);
        if (items > most) most = items;
    }
    return most;
}

/* 1: an MSM of shape s over `table` runs by batched affine additions (msm_comb_affine):
 * always where asked, and by default the FK20 MSM at L = 64 in passes of at least 64 blobs
 * whose work-items hold 8 or KZG_AFF_TERMS terms by msm_chunk's rule (64 to 255 blobs).
 * The affine form inverts once a level of its column trees, and since an inversion costs
 * 42 products instead of 93 it beats msm_comb there; at 32 blobs no gain showed, and
 * larger passes and L = 16 were not measured: they keep msm_comb (docs/results/fk20.md). */
static int msm_is_affine(const gc_kzg_ctx *c, const kzg_msm_shape *s, const gc_buffer *table) {
    if (s->parts != 1 || s->chunk > KZG_AFF_TERMS) return 0; /* one part: no deferral */
    if (c->msm.affine == KZG_MSM_AFFINE_ALWAYS) return 1;
    return c->msm.affine == KZG_MSM_AFFINE_BY_SIZE && table == c->msm.table_fk20 && c->log_l == 6 &&
           s->n_blobs >= 64 && s->chunk >= KZG_AFF_TERMS / 2;
}

/* partials -> out from point out_first: the MSM of `shape` over the table of `teeth` teeth
 * (ints recoded for it, fr_to_int) or without one (teeth 0) over the bases
 * (msm_products: one launch into partials), then the sum of each output's chunks
 * (kzg_msm_sums; fk20_msms_beside queues the two halves apart). Where the parts' weights can
 * wait (msm_parts_deferrable), each part is summed on its own and g1_msm_parts_combine
 * weights the sums: one blob's MSM chain is then 15 operations at 16 teeth (8 additions, 7
 * doublings) instead of 31 at one part or 23 with the weights' doublings in every term.
 * (docs/results/fk20.md) */
gc_kzg_ret kzg_msm_products(gc_kzg_ctx *c, kzg_msm_shape *s, gc_buffer *ints, gc_buffer *partials,
                            gc_buffer *partials2, uint32_t teeth, uint32_t spacing, gc_buffer *table,
                            gc_buffer *bases) {
    uint32_t n_out = s->n_blobs * s->n_out;
    size_t items = kzg_msm_items(*s);
    /* Deferred parts: the parts' sums into partials2 (n_out x parts points, which it holds:
     * an eighth of the partials, at least 64 x parts x n_out here), then their weights. */
    s->defer = teeth && s->chunk == 1 && msm_parts_deferrable(c, n_out, s->n_terms, s->parts) &&
               gc_buffer_size(partials2) >= (size_t)n_out * s->parts * sizeof(gc_g1p);
    if (teeth) {
        gc_arg a[] = {GC_ARG_BUF(ints), GC_ARG_BUF(table), GC_ARG_BUF(partials), GC_ARG_VAL(*s),
                      GC_ARG_VAL(teeth), GC_ARG_VAL(spacing)};
        return kzg_launch_elements(c, msm_is_affine(c, s, table) ? K_MSM_COMB_AFFINE : K_MSM_COMB, items, a, 6);
    }
    gc_arg a[] = {GC_ARG_BUF(ints), GC_ARG_BUF(bases), GC_ARG_BUF(partials), GC_ARG_VAL(*s)};
    return kzg_launch_elements(c, K_MSM_VAR, items, a, 4);
}

/* The sums of msm_products' partials (s as it left it) into out from point out_first. */
gc_kzg_ret kzg_msm_sums(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *partials, gc_buffer *partials2,
                        uint32_t spacing, gc_buffer *out, uint32_t out_first) {
    uint32_t n_chunks = kzg_msm_chunks(s), n_out = s.n_blobs * s.n_out;
    if (!s.defer) return kzg_sum_chunks(c, partials, partials2, n_chunks, n_out, out, out_first);
    gc_kzg_ret ret = kzg_sum_tree(c, partials, partials2, n_chunks / s.parts, n_out * s.parts, 0);
    uint32_t per = (spacing + s.parts - 1) / s.parts;
    return ret ? ret : kzg_msm_parts_combine(c, partials2, out, out_first, n_out, s.parts, per);
}

gc_kzg_ret kzg_msm(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *ints, gc_buffer *partials, gc_buffer *partials2,
                   uint32_t teeth, uint32_t spacing, gc_buffer *table, gc_buffer *bases, gc_buffer *out,
                   uint32_t out_first) {
    gc_kzg_ret ret = kzg_msm_products(c, &s, ints, partials, partials2, teeth, spacing, table, bases);
    return ret ? ret : kzg_msm_sums(c, s, partials, partials2, spacing, out, out_first);
}

/* out = the integers of in times each of the `versions` scales of scale_raw, version after
 * version (fr_to_int). */
gc_kzg_ret kzg_to_ints(gc_kzg_ctx *c, gc_buffer *in, gc_buffer *out, gc_buffer *scale_raw, size_t count,
                       uint32_t versions, unsigned teeth) {
    uint32_t n32 = (uint32_t)count, signed_comb = teeth != 0;
    gc_arg a[] = {GC_ARG_BUF(in),      GC_ARG_BUF(out),      GC_ARG_BUF(scale_raw),
                  GC_ARG_VAL(n32),     GC_ARG_VAL(versions), GC_ARG_VAL(signed_comb)};
    return kzg_launch_elements(c, K_FR_TO_INT, count * versions, a, 6);
}
