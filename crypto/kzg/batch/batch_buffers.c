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
        gc_kzg_ret ret = kzg_upload(c, plan[i].buf, NULL, plan[i].per_blob * b, plan[i].what);
        if (ret) return ret;
        c->info.batch_bytes += plan[i].per_blob;
    }
    c->flag_mark = UINT32_MAX; /* the first pass zeroes the fresh flags (kzg_stage_blob_to_fr) */
    if (c->log_2r == 7) { /* L = 64: the batches' convolution (kzg_stage_g1_straus) */
        size_t straus = b * two_r * KZG_STRAUS_MAX_SLOTS;
        gc_kzg_ret ret;
        if ((ret = kzg_upload_straus_digits(c)) ||
            (ret = kzg_upload(c, &c->straus_products, NULL, straus * sizeof(gc_g1p), "G1 convolution products (batches)")) ||
            (ret = kzg_upload(c, &c->straus_products2, NULL, (straus + 7) / 8 * sizeof(gc_g1p),
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
    size_t conv_partials = kzg_most_msm_items(c, kzg_fk20_msm_shape, msm_blobs, 1); /* U_2's MSM (conv_hi_msm) */
    gc_fr scale, inv_2r, pow2, raw; /* 2^64 / 2r, raw (fr_to_int's scale) */
    gc_fr_fft_inv_n(&inv_2r, c->log_2r);
    gc_fr_zero(&raw);
    raw.l[2] = 1;
    gc_fr_to_mont(&pow2, &raw);
    gc_fr_mul(&pow2, &pow2, &inv_2r);
    gc_fr_from_mont(&scale, &pow2);
    gc_kzg_ret ret;
    if ((ret = kzg_upload_conv_taps(c, &c->conv_digits, 1)) || (ret = kzg_upload_conv_taps(c, &c->conv_digits2, 2)) ||
        (ret = kzg_upload(c, &c->conv_scale, &scale, sizeof scale, "scale")) ||
        (ret = kzg_upload(c, &c->conv_hi, NULL, hi_rows * two_r * sizeof(gc_g1p), "G1 convolution points")) ||
        (ret = kzg_upload(c, &c->conv_ints, NULL, msm_blobs * 8192 * sizeof(gc_fr), "G1 convolution MSM scalars")) ||
        (ret = kzg_upload(c, &c->conv_partials, NULL, conv_partials * sizeof(gc_g1p), "G1 convolution MSM partial sums")) ||
        (ret = kzg_upload(c, &c->conv_partials2, NULL, (conv_partials + 7) / 8 * sizeof(gc_g1p),
                      "G1 convolution MSM partial sums")) ||
        (ret = kzg_upload(c, &c->conv_products, NULL, products * sizeof(gc_g1p), "G1 convolution products")) ||
        (ret = kzg_upload(c, &c->conv_products2, NULL, products / 8 * sizeof(gc_g1p), "G1 convolution products")))
        return ret;
    c->info.batch_bytes += ((products * 9 / 8 + hi_rows * two_r + conv_partials * 9 / 8) * sizeof(gc_g1p) +
                            msm_blobs * 8192 * sizeof(gc_fr)) / b;
    return GC_KZG_OK;
}
