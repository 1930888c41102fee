/* SPDX-License-Identifier: Apache-2.0 */
/* batch_buffers.c — the device buffers of a batch pass (max_batch blobs) and of the G1
 * maps that size with it. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/fk20/fk20.h"
#include "crypto/kzg/g1map/g1map.h"
#include "crypto/kzg/msm/msm.h"

gc_kzg_ret kzg_batch_alloc(gc_kzg_ctx *c) {
    size_t b = c->info.max_batch, two_r = (size_t)1 << c->log_2r;
    size_t partials = kzg_most_msm_items(c, kzg_fk20_msm_shape, b, 1), commit_partials = kzg_most_msm_items(c, kzg_commit_msm_shape, b, 1);
    size_t partials_per_blob = (partials + b - 1) / b, commit_partials_per_blob = (commit_partials + b - 1) / b;
    struct {
        gc_buffer **buf;
        size_t per_blob;
        const char *what;
    } plan[] = {
        {&c->batch.bb.blobs, GC_KZG_BYTES_PER_BLOB, "blobs"},
        {&c->batch.bb.bad, sizeof(uint32_t), "blob flags"},
        {&c->batch.bb.poly, 4096 * sizeof(gc_fr), "polynomials"},
        {&c->batch.bb.ext, 8192 * sizeof(gc_fr), "extended evaluations"},
        {&c->batch.bb.circ, 8192 * sizeof(gc_fr), "circulant rows"},
        {&c->batch.bb.ints, 8192 * sizeof(gc_fr), "MSM scalars"},
        {&c->batch.bb.partials, partials_per_blob * sizeof(gc_g1p), "MSM partial sums"},
        {&c->batch.bb.partials2, (partials_per_blob + 7) / 8 * sizeof(gc_g1p), "MSM partial sums"},
        {&c->batch.bb.commit_ints, 4096 * sizeof(gc_fr), "commitment MSM scalars"},
        {&c->batch.bb.commit_partials, commit_partials_per_blob * sizeof(gc_g1p), "commitment MSM partial sums"},
        {&c->batch.bb.commit_partials2, (commit_partials_per_blob + 7) / 8 * sizeof(gc_g1p), "commitment MSM partial sums"},
        {&c->batch.bb.u, two_r * sizeof(gc_g1p), "FK20 points"},
        {&c->batch.bb.commit, sizeof(gc_g1p), "commitments"},
        {&c->batch.bb.out_bytes, 8192 * 32, "output bytes"},
        {&c->batch.bb.commit_bytes, GC_KZG_BYTES_PER_COMMITMENT, "commitment bytes"},
        {&c->batch.bb.proof_bytes, (size_t)GC_KZG_BYTES_PER_PROOF << c->log_2r, "proof bytes"},
    };
    c->info.batch_bytes = 0;
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++) {
        gc_kzg_ret ret = kzg_upload(c, plan[i].buf, NULL, plan[i].per_blob * b, plan[i].what);
        if (ret) return ret;
        c->info.batch_bytes += plan[i].per_blob;
    }
    c->poly.flag_mark = UINT32_MAX; /* the first pass zeroes the fresh flags (kzg_stage_blob_to_fr) */
    gc_kzg_ret ret = c->log_2r == 7 ? kzg_straus_alloc(c) : GC_KZG_OK; /* L = 64 only */
    return ret ? ret : kzg_conv_alloc(c);
}
