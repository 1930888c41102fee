/* verifier.c — verify_cell_kzg_proof_batch on a device (verifier.h). */
#include "crypto/kzg/verify/verifier.h"

#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/pairing.gc"
#include "crypto/kzg/verify/cell_batch.h"
#include "crypto/kzg/verify/challenge.h"

#define G1_BYTES 48u
#define CELL_BYTES 2048u

gc_kzg_ret kzg_verifier_create(kzg_verifier *v, gc_device *dev, const gc_kzg_setup *setup) {
    memset(v, 0, sizeof *v);
    if (!dev || !setup) return GC_KZG_BADARGS;
    v->dev = dev, v->setup = setup;
    if (gc_module_build(dev, "crypto/kzg/verify/verify.gc", NULL, &v->mod, NULL) ||
        gc_kernel_get(v->mod, "kzg_g1_decode", &v->decode) || kzg_pippenger_kernels_get(&v->msm, v->mod)) {
        kzg_verifier_free(v);
        return GC_KZG_ERROR;
    }
    return GC_KZG_OK;
}

void kzg_verifier_free(kzg_verifier *v) {
    if (v->msm.buckets || v->msm.window_sums || v->msm.finish) kzg_pippenger_kernels_free(&v->msm);
    gc_kernel_free(v->decode);
    gc_module_free(v->mod);
    memset(v, 0, sizeof *v);
}

/* Decode n encodings on the device into out; 0, 1 for one that is not a valid point of the
 * subgroup, -1 for a device error. */
static int decode(const kzg_verifier *v, const uint8_t *enc, uint32_t n, gc_g1a *out) {
    gc_buffer *din = NULL, *dout = NULL, *derr = NULL;
    uint32_t *err = malloc(4u * n);
    int ret = -1;
    gc_arg args[] = {GC_ARG_BUF(din), GC_ARG_BUF(dout), GC_ARG_BUF(derr), GC_ARG_VAL(n)};
    gc_range r = {1, {(n + 31) / 32 * 32, 1, 1}, {32, 1, 1}, 0};
    if (err && !gc_buffer_alloc(v->dev, 48u * n, GC_MEM_DEVICE, &din) &&
        !gc_buffer_alloc(v->dev, n * sizeof *out, GC_MEM_DEVICE, &dout) &&
        !gc_buffer_alloc(v->dev, 4u * n, GC_MEM_DEVICE, &derr) && !gc_buffer_write(din, 0, enc, 48u * n)) {
        args[0].buffer = din, args[1].buffer = dout, args[2].buffer = derr;
        if (!gc_kernel_launch(v->decode, &r, args, 4, NULL) && !gc_buffer_read(derr, 0, err, 4u * n) &&
            !gc_buffer_read(dout, 0, out, n * sizeof *out)) {
            ret = 0;
            for (uint32_t i = 0; i < n; i++)
                if (err[i] != GC_G1_OK) ret = 1;
        }
    }
    gc_buffer_free(din), gc_buffer_free(dout), gc_buffer_free(derr);
    free(err);
    return ret;
}

/* LL (msm 0) and RL (msm 1) on the device; -1 on a device error. */
static int two_msms(const kzg_verifier *v, const gc_g1a *pts, const uint32_t *scalars, size_t n_ll, size_t n_rl,
                    gc_g1p out[2]) {
    uint64_t offsets[3] = {0, n_ll, n_ll + n_rl};
    size_t n = n_ll + n_rl;
    gc_buffer *dp = NULL, *ds = NULL, *dout = NULL;
    kzg_pippenger_plan plan = {0};
    int ret = -1;
    if (!gc_buffer_alloc(v->dev, n * sizeof *pts, GC_MEM_DEVICE, &dp) &&
        !gc_buffer_alloc(v->dev, n * 32, GC_MEM_DEVICE, &ds) &&
        !gc_buffer_alloc(v->dev, 2 * sizeof(gc_g1p), GC_MEM_DEVICE, &dout) &&
        !gc_buffer_write(dp, 0, pts, n * sizeof *pts) && !gc_buffer_write(ds, 0, scalars, n * 32) &&
        !kzg_pippenger_plan_create(&plan, v->dev, offsets, 2, 0, 0) &&
        !kzg_pippenger_enqueue(&v->msm, &plan, dp, ds, dout) && !gc_buffer_read(dout, 0, out, 2 * sizeof(gc_g1p)))
        ret = 0;
    kzg_pippenger_plan_free(&plan);
    gc_buffer_free(dp), gc_buffer_free(ds), gc_buffer_free(dout);
    return ret;
}

gc_kzg_ret kzg_verify_cell_proof_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                       const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs,
                                       size_t n) {
    *ok = false;
    if (n == 0) {
        *ok = true;
        return GC_KZG_OK;
    }
    if (!v || !commitments || !cell_indices || !cells || !proofs || n > (1u << 24)) return GC_KZG_BADARGS;
    for (size_t k = 0; k < n; k++)
        if (cell_indices[k] >= KZG_CELLS_PER_EXT_BLOB) return GC_KZG_BADARGS;
    size_t n_rl_max = n + KZG_FIELD_ELEMENTS_PER_CELL + n;
    uint8_t *enc = malloc(2 * n * G1_BYTES);
    uint64_t *cidx = malloc(n * sizeof *cidx);
    gc_g1a *dec = malloc(2 * n * sizeof *dec), *pts = malloc((n + n_rl_max) * sizeof *pts);
    uint32_t *sc = malloc((n + n_rl_max) * 32);
    gc_kzg_ret ret = enc && cidx && dec && pts && sc ? GC_KZG_OK : GC_KZG_MALLOC;
    size_t u = 0;
    if (!ret) {
        u = kzg_dedup_commitments(enc, cidx, commitments, n);
        memcpy(enc + u * G1_BYTES, proofs, n * G1_BYTES);
        int d = decode(v, enc, (uint32_t)(u + n), dec);
        ret = d < 0 ? GC_KZG_ERROR : d ? GC_KZG_BADARGS : GC_KZG_OK;
    }
    if (!ret && kzg_cell_batch_scalars(sc, sc + 8 * n, enc, u, cidx, cell_indices, cells, proofs, n))
        ret = GC_KZG_BADARGS;
    gc_g1p out[2];
    if (!ret) {
        size_t n_rl = u + KZG_FIELD_ELEMENTS_PER_CELL + n;
        memcpy(pts, dec + u, n * sizeof *pts);                       /* LL: the proofs */
        memcpy(pts + n, dec, u * sizeof *pts);                       /* RL: the commitments, */
        memcpy(pts + n + u, v->setup->g1_monomial, KZG_FIELD_ELEMENTS_PER_CELL * sizeof *pts); /* [s^i], */
        memcpy(pts + n + u + KZG_FIELD_ELEMENTS_PER_CELL, dec + u, n * sizeof *pts);          /* the proofs */
        if (two_msms(v, pts, sc, n, n_rl, out)) ret = GC_KZG_ERROR;
    }
    if (!ret) {
        gc_g1a p[2];
        gc_g2a q[2];
        gc_g1p neg_ll;
        gc_g2p g2;
        gc_g1p_neg(&neg_ll, &out[0]);
        gc_g1p_to_affine(&p[0], &out[1]);
        gc_g1p_to_affine(&p[1], &neg_ll);
        gc_g2p_generator(&g2);
        gc_g2p_to_affine(&q[0], &g2);
        q[1] = v->setup->g2_monomial[KZG_FIELD_ELEMENTS_PER_CELL];
        *ok = gc_bls_pairing_check(p, q, 2) == 1;
    }
    free(enc), free(cidx), free(dec), free(pts), free(sc);
    return ret;
}
