/* SPDX-License-Identifier: Apache-2.0 */
/* comb_tables.c — the fixed-base comb tables of the MSMs (msm_comb_powers, then
 * msm_comb_table_build) and their default size by device memory. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/msm/msm.h"

/* The comb tables of `bases` (msm_comb_powers, then msm_comb_table_build): 2^(teeth-1)
 * affine points per base; the teeth go through a scratch buffer freed at the end. */
static gc_kzg_ret build_tables(gc_kzg_ctx *c, gc_buffer *bases, size_t n_bases, uint32_t teeth, uint32_t spacing,
                               gc_buffer **table) {
    uint32_t nb = (uint32_t)n_bases;
    size_t bytes = (n_bases << (teeth - 1)) * sizeof(gc_g1a);
    gc_buffer *powers = NULL;
    gc_kzg_ret ret = kzg_upload(c, table, NULL, bytes, "MSM comb table");
    if (ret || (ret = kzg_upload(c, &powers, NULL, n_bases * teeth * sizeof(gc_g1p), "MSM comb teeth"))) return ret;
    c->info.precompute_bytes += bytes;
    gc_arg p[] = {GC_ARG_BUF(bases), GC_ARG_BUF(powers), GC_ARG_VAL(nb), GC_ARG_VAL(teeth), GC_ARG_VAL(spacing)};
    gc_arg t[] = {GC_ARG_BUF(powers), GC_ARG_BUF(*table), GC_ARG_VAL(nb), GC_ARG_VAL(teeth)};
    if (!(ret = kzg_launch_elements(c, K_MSM_COMB_POWERS, n_bases, p, 5)))
        ret = kzg_launch_elements(c, K_MSM_COMB_TABLE_BUILD, (n_bases << (teeth - 1)) >> KZG_COMB_RUN_LOG, t, 4);
    gc_status st = gc_device_finish(c->dev); /* before the scratch goes, even after a failed launch */
    gc_buffer_free(powers);
    if (ret) return ret;
    return st ? kzg_device_error(c, st, "building the MSM comb tables") : GC_KZG_OK;
}

/* The table of n_bases at `teeth` teeth, bytes. */
static uint64_t table_bytes(size_t n_bases, unsigned teeth) { return ((uint64_t)n_bases << (teeth - 1)) * sizeof(gc_g1a); }

/* The default combs, largest first (signed, 2^(T-1) points per base): FK20's table and
 * the commitment's, both within KZG_COMB_BUDGET and a quarter of the device's memory. A
 * GPU is shared, and client teams refuse precomputation of gigabytes; more teeth buy few
 * additions a term (17: 15, 13: 20) for twice the memory a tooth. Measured on the H200
 * (docs/results/fk20.md): 13 / 12 teeth (3.75 GiB) against 17 / 17 (72 GiB) cost 4% at
 * one blob a pass and 15% at 128; the 72 GiB stay one option away (comb_teeth = 17). A
 * default context whose tables do not fit (another context holds the memory) takes the
 * next tier (kzg_build_comb_tables). */
static const unsigned comb_tiers[][2] = {{13, 12}, {12, 12}, {11, 11}};
#define N_COMB_TIERS (sizeof comb_tiers / sizeof comb_tiers[0])
#define KZG_COMB_BUDGET ((uint64_t)4 << 30)

/* The default teeth for `di`: the first tier within the budget, each table within the
 * device's largest allocation (OpenCL's is often a quarter of the memory). No tables on a
 * CPU device (building them costs more than they save on a few blobs). */
void kzg_default_comb_teeth(const gc_device_info *di, unsigned *fk20, unsigned *commit) {
    uint64_t budget = di->global_mem_bytes / 4 < KZG_COMB_BUDGET ? di->global_mem_bytes / 4 : KZG_COMB_BUDGET;
    size_t fk20_bases = (size_t)1 << KZG_LOG_EXT, t = 0;
    if (!di->is_gpu) {
        *fk20 = *commit = 0;
        return;
    }
    while (t + 1 < N_COMB_TIERS && table_bytes(fk20_bases, comb_tiers[t][0]) + table_bytes(4096, comb_tiers[t][1]) > budget)
        t++;
    *fk20 = comb_tiers[t][0];
    *commit = comb_tiers[t][1];
    while (*fk20 > 11 && di->max_alloc_bytes && table_bytes(fk20_bases, *fk20) > di->max_alloc_bytes) (*fk20)--;
    while (*commit > 11 && di->max_alloc_bytes && table_bytes(4096, *commit) > di->max_alloc_bytes) (*commit)--;
}

void kzg_set_comb_teeth(gc_kzg_ctx *c, unsigned fk20, unsigned commit) {
    /* the signed comb's teeth * spacing >= 255: its odd scalars are < 2^255 (fr_to_int) */
    c->info.comb_teeth = fk20;
    c->info.commit_teeth = commit;
    c->msm.fk20_spacing = fk20 ? (255 + fk20 - 1) / fk20 : 0;
    c->msm.commit_spacing = commit ? (255 + commit - 1) / commit : 0;
}

/* Both comb tables (FK20's when with_fk20: the context has x_ext_fft). With `fallback`
 * (the teeth are the default's), tables that do not fit in the device memory are freed
 * and the next smaller tier is tried. */
gc_kzg_ret kzg_build_comb_tables(gc_kzg_ctx *c, int with_fk20, int fallback) {
    for (;;) {
        gc_kzg_ret ret = GC_KZG_OK;
        if (with_fk20 && c->info.comb_teeth)
            ret = build_tables(c, c->fk20.x_ext_fft, (size_t)1 << KZG_LOG_EXT, c->info.comb_teeth, c->msm.fk20_spacing,
                               &c->msm.table_fk20);
        if (!ret && c->info.commit_teeth)
            ret = build_tables(c, c->msm.monomial, 4096, c->info.commit_teeth, c->msm.commit_spacing, &c->msm.table_commit);
        if (ret != GC_KZG_DEVICE_MEMORY || !fallback) return ret;
        size_t t = 0;
        while (t < N_COMB_TIERS && comb_tiers[t][0] >= c->info.comb_teeth) t++;
        if (t == N_COMB_TIERS) return ret;
        if (c->msm.table_fk20) c->info.precompute_bytes -= table_bytes((size_t)1 << KZG_LOG_EXT, c->info.comb_teeth);
        if (c->msm.table_commit) c->info.precompute_bytes -= table_bytes(4096, c->info.commit_teeth);
        gc_buffer_free(c->msm.table_fk20);
        gc_buffer_free(c->msm.table_commit);
        c->msm.table_fk20 = c->msm.table_commit = NULL;
        kzg_set_comb_teeth(c, comb_tiers[t][0], comb_tiers[t][1]);
        c->last_message[0] = 0;
        c->last_status = GC_OK;
    }
}
