/* SPDX-License-Identifier: Apache-2.0 */
/* msm.h — the fixed-base MSMs (msm.c), their sums (sums.c) and comb tables
 * (comb_tables.c), for the stages that run them: FK20, the G1 convolution, commitments. */
#ifndef GC_KZG_MSM_H
#define GC_KZG_MSM_H

#include "crypto/kzg/kzg_internal.h"

/* Sums of at most 5 KZG_SUM_TREE_WG chunks for at most this many outputs take
 * g1_sum_tree, one work-group per output (sums.c): at most 4 additions in a row and then
 * a tree 6 deep, where the fan-in-8 launches of g1_sum_chunks take two launches of 7 or
 * more (latency). Sums of more chunks (one blob's commitment: 4,096) keep the fan-in
 * launches, which were faster there (docs/results/fk20.md); so do many outputs. */
#define KZG_SUM_TREE_MAX_OUT 512u

uint32_t kzg_msm_chunk(unsigned teeth, size_t outputs, uint32_t n_terms, uint32_t no_table_chunk);
uint32_t kzg_msm_parts(const gc_kzg_ctx *c, unsigned teeth, uint32_t chunk, size_t n_out, uint32_t n_terms);
/* An output's partial sums (its sum's chunks) and the MSM's work-items. */
uint32_t kzg_msm_chunks(kzg_msm_shape s);
size_t kzg_msm_items(kzg_msm_shape s);
size_t kzg_most_msm_items(const gc_kzg_ctx *c, kzg_msm_shape (*shape)(const gc_kzg_ctx *, size_t), size_t max_blobs,
                          size_t versions);
gc_kzg_ret kzg_msm_products(gc_kzg_ctx *c, kzg_msm_shape *s, gc_buffer *ints, gc_buffer *partials, gc_buffer *partials2,
                            uint32_t teeth, uint32_t spacing, gc_buffer *table, gc_buffer *bases);
gc_kzg_ret kzg_msm_sums(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *partials, gc_buffer *partials2, uint32_t spacing,
                        gc_buffer *out, uint32_t out_first);
/* partials -> out from point out_first: kzg_msm_products, then kzg_msm_sums. */
gc_kzg_ret kzg_msm(gc_kzg_ctx *c, kzg_msm_shape s, gc_buffer *ints, gc_buffer *partials, gc_buffer *partials2,
                   uint32_t teeth, uint32_t spacing, gc_buffer *table, gc_buffer *bases, gc_buffer *out,
                   uint32_t out_first);
gc_kzg_ret kzg_to_ints(gc_kzg_ctx *c, gc_buffer *in, gc_buffer *out, gc_buffer *scale_raw, size_t count,
                       uint32_t versions, unsigned teeth);

int kzg_sum_trees(const gc_kzg_ctx *c);
gc_kzg_ret kzg_sum_tree(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *out, uint32_t n_chunks, uint32_t n_out,
                        uint32_t out_first);
gc_kzg_ret kzg_sum_chunks(gc_kzg_ctx *c, gc_buffer *src, gc_buffer *scratch, uint32_t n_chunks, uint32_t n_out,
                          gc_buffer *out, uint32_t out_first);
gc_kzg_ret kzg_msm_parts_combine(gc_kzg_ctx *c, gc_buffer *sums, gc_buffer *out, uint32_t out_first, uint32_t n_out,
                                 uint32_t parts, uint32_t per);

void kzg_default_comb_teeth(const gc_device_info *di, unsigned *fk20, unsigned *commit);
void kzg_set_comb_teeth(gc_kzg_ctx *c, unsigned fk20, unsigned commit);
gc_kzg_ret kzg_build_comb_tables(gc_kzg_ctx *c, int with_fk20, int fallback);

/* The commitment's MSM shape over n blobs (commit/commit.c). */
kzg_msm_shape kzg_commit_msm_shape(const gc_kzg_ctx *c, size_t n);

#endif
