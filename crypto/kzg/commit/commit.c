/* SPDX-License-Identifier: Apache-2.0 */
/* commit.c — the commitments: the coefficients' MSM over the monomial setup points
 * (msm/), compressed by g1_compress_rows. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/msm/msm.h"

kzg_msm_shape kzg_commit_msm_shape(const gc_kzg_ctx *c, size_t n) {
    uint32_t blob = 1u << KZG_LOG_BLOB, chunk = kzg_msm_chunk(c->info.commit_teeth, n, blob, 256);
    kzg_msm_shape s = {(uint32_t)n, 1, blob, chunk, blob, 0, 1, 0, 1, kzg_msm_parts(c, c->info.commit_teeth, chunk, n, blob),
                       0};
    return s;
}

gc_kzg_ret kzg_stage_commitment(gc_kzg_ctx *c, size_t n) {
    gc_kzg_ret ret = kzg_to_ints(c, c->batch.bb.poly, c->batch.bb.commit_ints, c->msm.one_raw, n << KZG_LOG_BLOB, 1, c->info.commit_teeth);
    if (ret) return ret;
    if ((ret = kzg_msm(c, kzg_commit_msm_shape(c, n), c->batch.bb.commit_ints, c->batch.bb.commit_partials, c->batch.bb.commit_partials2,
                   c->info.commit_teeth, c->msm.commit_spacing, c->msm.table_commit, c->msm.monomial, c->batch.bb.commit, 0)))
        return ret;
    uint32_t log_n = 0, brp = 0, count = (uint32_t)n;
    gc_arg a[] = {GC_ARG_BUF(c->batch.bb.commit), GC_ARG_BUF(c->batch.bb.commit_bytes), GC_ARG_VAL(log_n), GC_ARG_VAL(brp),
                  GC_ARG_VAL(count)};
    return kzg_launch_elements(c, K_G1_COMPRESS_ROWS, n, a, 5);
}
