/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_ctx.c — the KZG context: create (options, kernels, each stage's precomputation, the
 * batch buffers), free, describe. The stages live in the folders beside it
 * (docs/architecture.md, "crypto/kzg by stage"). */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/fk20/fk20.h"
#include "crypto/kzg/g1map/g1map.h"
#include "crypto/kzg/msm/msm.h"
#include "crypto/kzg/eip4844/eip4844.h"
#include "crypto/kzg/poly/poly.h"
#include "crypto/kzg/recover/recover.h"
#include "common/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The options the context is made with: the device's defaults, then the caller's, then
 * the overrides'; *teeth_defaulted: the comb teeth are the defaults (a table that does not
 * fit may then take a smaller tier). */
static gc_kzg_ret resolve_options(gc_kzg_options *opt, int *teeth_defaulted, const gc_device_info *di,
                                  const gc_kzg_options *opt_in, const kzg_ctx_overrides *over, char *err,
                                  size_t err_len) {
    /* the G1 convolution by default on a GPU only: it saves launches in a row (latency),
     * and costs 13x the FFTs' products, which is all a CPU device sees */
    gc_kzg_options o = {64, 0, 0, di->is_gpu ? KZG_CONV_MAX_BATCH : GC_KZG_NO_G1_CONV, 0};
    kzg_default_comb_teeth(di, &o.comb_teeth, &o.commit_teeth);
    if (opt_in) {
        if (opt_in->cell_size) o.cell_size = opt_in->cell_size;
        if (opt_in->comb_teeth) /* both tables, unless commit_teeth says otherwise below */
            o.comb_teeth = o.commit_teeth = opt_in->comb_teeth == GC_KZG_NO_TABLES ? 0 : opt_in->comb_teeth;
        if (opt_in->commit_teeth) o.commit_teeth = opt_in->commit_teeth == GC_KZG_NO_TABLES ? 0 : opt_in->commit_teeth;
        o.max_batch = opt_in->max_batch;
        if (opt_in->g1_conv_max_batch) o.g1_conv_max_batch = opt_in->g1_conv_max_batch;
    }
    if (over->comb_teeth) o.comb_teeth = o.commit_teeth = over->comb_teeth;
    *teeth_defaulted = !over->comb_teeth && (!opt_in || (!opt_in->comb_teeth && !opt_in->commit_teeth));
    *opt = o;
    gc_kzg_ret ret = check_options(&o);
    if (ret && err) {
        char conv[16] = "none";
        if (o.g1_conv_max_batch != GC_KZG_NO_G1_CONV) snprintf(conv, sizeof conv, "%u", o.g1_conv_max_batch);
        snprintf(err, err_len,
                 "unsupported options: cell size %u (16, 32 or 64), comb teeth %u and %u for the commitment "
                 "(%u-%u or none), max batch %zu (at most 65536), G1 convolution batch %s (1-%u or none)",
                 o.cell_size, o.comb_teeth, o.commit_teeth, GC_KZG_COMB_TEETH_MIN, GC_KZG_COMB_TEETH_MAX, o.max_batch,
                 conv, GC_KZG_G1_CONV_MAX_BATCH_MAX);
    }
    return ret;
}

/* The tuning defaults of a fresh context on `dev`. */
static void set_defaults(gc_kzg_ctx *c, const gc_kzg_options *opt) {
    int gpu = gc_device_get_info(c->dev)->is_gpu;
    c->info.cell_size = opt->cell_size;
    c->info.cells_per_blob = GC_KZG_CELLS_PER_BLOB(opt->cell_size);
    kzg_set_comb_teeth(c, opt->comb_teeth, opt->commit_teeth);
    /* L = 16 / 32 keep the FFTs: their convolutions would have 257 / 129 taps */
    c->info.g1_conv_max_batch =
        opt->cell_size == 64 && opt->g1_conv_max_batch != GC_KZG_NO_G1_CONV ? opt->g1_conv_max_batch : 0;
    c->log_l = opt->cell_size == 16 ? 4 : opt->cell_size == 32 ? 5 : 6;
    c->log_2r = KZG_LOG_EXT - c->log_l;
    c->batch.two_queues = 1;
    for (unsigned t = 0; t < KZG_TEAM_SITES; t++) c->teams.lanes[t] = 0; /* by backend and size (kzg_team_lanes) */
    c->conv.msm_beside = gpu;
    /* The batches' convolution on a GPU for every pass the pieces' form does not take (it
     * beat the G1 FFTs from 32 blobs on: docs/results/fk20.md); a CPU device keeps the FFTs. */
    c->straus.min_batch = gpu ? 1 : 0;
    c->straus.levels = 2;
    c->straus.pairing = 1;
    c->msm.affine = KZG_MSM_AFFINE_BY_SIZE;
}

/* Every stage's precomputation: twiddles and scales, the setup points, x_ext_fft (unless
 * the overrides say otherwise) and the comb tables. */
static gc_kzg_ret precompute(gc_kzg_ctx *c, const gc_g1a *monomial, const kzg_ctx_overrides *over,
                             int teeth_defaulted) {
    gc_g1p *mono = malloc(4096 * sizeof(gc_g1p));
    if (!mono) return GC_KZG_MALLOC;
    for (size_t i = 0; i < 4096; i++) gc_g1p_from_affine(&mono[i], &monomial[i]);
    gc_fr inv_2r_raw = kzg_inv_pow2_raw(c->log_2r), one_raw;
    gc_fr_zero(&one_raw);
    one_raw.l[0] = 1;
    gc_kzg_ret ret;
    if ((ret = kzg_upload_twiddles(c, &c->fk20.tw_2r, c->log_2r, 0)) || (ret = kzg_g1map_prepare(c)) ||
        (ret = kzg_poly_prepare(c)) || (ret = kzg_upload(c, &c->fk20.inv_2r_raw, &inv_2r_raw, sizeof inv_2r_raw, "scale")) ||
        (ret = kzg_upload(c, &c->msm.one_raw, &one_raw, sizeof one_raw, "scale")) ||
        (ret = kzg_upload(c, &c->msm.monomial, mono, 4096 * sizeof(gc_g1p), "setup points")))
        goto out;
    c->info.precompute_bytes = 4096 * sizeof(gc_g1p);
    if (over->x_ext_fft_source != KZG_X_EXT_FFT_NONE) {
        const gc_g1p *given = over->x_ext_fft_source == KZG_X_EXT_FFT_GIVEN ? over->x_ext_fft : NULL;
        if ((ret = kzg_build_x_ext_fft(c, mono, given))) goto out;
    }
    ret = kzg_build_comb_tables(c, c->fk20.x_ext_fft != NULL, teeth_defaulted);
out:
    free(mono);
    return ret;
}

/* The batch: what was asked, else up to 512 blobs (16 on a CPU device) within a quarter
 * of the device memory left. */
static size_t batch_size(const gc_kzg_ctx *c, const gc_device_info *di, size_t asked) {
    if (asked) return asked;
    size_t cap = di->is_gpu ? 512 : 16, per_blob = 2u << 20; /* generous bound */
    uint64_t room = di->global_mem_bytes > c->info.precompute_bytes ? di->global_mem_bytes - c->info.precompute_bytes : 0;
    size_t fit = (size_t)(room / 4 / per_blob);
    return fit < 1 ? 1 : fit < cap ? fit : cap;
}

gc_kzg_ret kzg_ctx_create_from_points(gc_kzg_ctx **out, gc_device *dev, const gc_g1a *monomial,
                                      const gc_kzg_options *opt_in, const kzg_ctx_overrides *over, char *err,
                                      size_t err_len) {
    static const kzg_ctx_overrides none = {NULL, 0, KZG_X_EXT_FFT_COMPUTE, NULL, 0};
    if (err && err_len) err[0] = 0;
    if (!out) return GC_KZG_BADARGS;
    *out = NULL;
    if (!over) over = &none;
    if (!dev || !monomial || (over->x_ext_fft_source == KZG_X_EXT_FFT_GIVEN && !over->x_ext_fft))
        return GC_KZG_BADARGS;
    const gc_device_info *di = gc_device_get_info(dev);
    gc_kzg_options opt;
    int teeth_defaulted;
    gc_kzg_ret ret = resolve_options(&opt, &teeth_defaulted, di, opt_in, over, err, err_len);
    if (ret) return ret;
    gc_kzg_ctx *c = calloc(1, sizeof *c);
    if (!c) return GC_KZG_MALLOC;
    double t0 = gc_clock_ms();
    c->dev = dev;
    set_defaults(c, &opt);
    if ((ret = kzg_kernels_build(c, over->defines, over->n_defines))) goto out;
    c->batch.copiers = kzg_copy_team_create(); /* NULL (no memory): the host copies on the calling thread */
    if ((ret = precompute(c, monomial, over, teeth_defaulted))) goto out;
    gc_status st = gc_device_finish(dev);
    if (st) {
        ret = kzg_device_error(c, st, "precomputation");
        goto out;
    }
    c->info.precompute_ms = gc_clock_ms() - t0;
    c->info.max_batch = batch_size(c, di, opt.max_batch);
    ret = kzg_batch_alloc(c);
out:
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
    kzg_recover_free(c->recover);
    kzg_eip4844_free(c->eip4844);
    const kzg_batch_buffers *bb = &c->batch.bb;
    gc_buffer *bufs[] = {
        c->poly.itw_4096, c->poly.tw_8192, c->poly.inv_4096,                       /* poly */
        c->fk20.x_ext_fft, c->fk20.tw_2r, c->fk20.inv_2r_raw,                      /* fk20 */
        c->msm.monomial, c->msm.table_fk20, c->msm.table_commit, c->msm.one_raw,   /* msm */
        c->g1fft.tw_2r, c->g1fft.itw_2r, c->g1fft.pair_tw_2r, c->g1fft.pair_itw_2r, c->g1fft.pair_scratch,
        c->conv.digits, c->conv.digits2, c->conv.hi, c->conv.ints, c->conv.partials, c->conv.partials2,
        c->conv.scale, c->conv.products, c->conv.products2,
        c->straus.digits, c->straus.products, c->straus.products2,
        bb->blobs, bb->bad, bb->poly, bb->ext, bb->circ, bb->ints, bb->partials, bb->partials2, bb->u,
        bb->commit_ints, bb->commit_partials, bb->commit_partials2, bb->commit, bb->out_bytes, bb->commit_bytes,
        bb->proof_bytes};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        if (bufs[i]) gc_buffer_free(bufs[i]);
    if (c->batch.staging_buf) gc_buffer_free(c->batch.staging_buf);
    else free(c->batch.staging);
    free(c->batch.cells_backup);
    kzg_copy_team_destroy(c->batch.copiers);
    if (c->verify.built) kzg_verifier_free(&c->verify.verifier);
    for (int k = 0; k < K_COUNT; k++)
        if (c->k[k]) gc_kernel_free(c->k[k]);
    if (c->mod) gc_module_free(c->mod);
    free(c);
}

const gc_kzg_ctx_info *gc_kzg_ctx_get_info(const gc_kzg_ctx *ctx) { return ctx ? &ctx->info : NULL; }
