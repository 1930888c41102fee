/* SPDX-License-Identifier: Apache-2.0 */
/* openings.c — EIP-4844's pairing-side verifications (openings.h). */
#include "crypto/kzg/verify/openings.h"

#include <stdlib.h>
#include <string.h>

#include "crypto/bls12_381/g1.gc"
#include "crypto/kzg/verify/blob_batch.h"
#include "crypto/bls12_381/host.h"

static void raw_limbs(uint32_t *out, const gc_fr *mont) {
    gc_fr raw;
    gc_fr_from_mont(&raw, mont);
    memcpy(out, raw.l, 32);
}

/* *a = C - [y] G + [z] P and *b = P on the host: one loop over the GLV halves of z (on P
 * and -phi(P)) and of y (on the verifier's -G and its image), width-5 digits: ~130
 * doublings and ~100 additions, against the 256 and ~190 of the device's joint
 * double-and-add. */
static void host_opening_pair(const kzg_verifier *v, gc_g1p *a, gc_g1p *b, const gc_g1a *c, const gc_g1a *pa,
                              const gc_fr *z, const gc_fr *y) {
    unsigned char dz[2 * GC_GLV_DIGITS], dy[2 * GC_GLV_DIGITS];
    gc_g1p p[2][GC_GLV_ODD], acc, t;
    gc_glv_wnaf_digits(dz, z);
    gc_glv_wnaf_digits(dy, y);
    gc_g1p_from_affine(&t, pa);
    gc_g1p_glv_odd_table(p, &t);
    gc_g1p_inf(&acc);
    for (int i = GC_GLV_DIGITS - 1; i >= 0; i--) {
        if (!gc_g1p_is_inf(&acc)) gc_g1p_dbl(&acc, &acc);
        for (int h = 0; h < 2; h++) {
            if (dz[h * GC_GLV_DIGITS + i]) gc_g1p__add_digit(&acc, p[h], dz[h * GC_GLV_DIGITS + i]);
            if (dy[h * GC_GLV_DIGITS + i]) gc_g1p__add_digit(&acc, v->neg_g_odd[h], dy[h * GC_GLV_DIGITS + i]);
        }
    }
    gc_g1p_from_affine(&t, c);
    gc_g1p_add(a, &acc, &t);
    *b = p[0][0];
}

/* pairs[2 i], pairs[2 i + 1] = C_i - [y_i] G + [z_i] P_i, P_i (zero scalars for skipped
 * openings): on the device, or on the host where the checks are (fewer than
 * v->device_checks_min). -1 on a device error. */
static int opening_pairs(const kzg_verifier *v, gc_g1p *pairs, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                         const uint32_t *skip, size_t n) {
    if (n < v->device_checks_min) {
        gc_fr zero;
        gc_fr_zero(&zero);
        for (size_t i = 0; i < n; i++) {
            int live = !skip || !skip[i];
            host_opening_pair(v, &pairs[2 * i], &pairs[2 * i + 1], &cp[2 * i], &cp[2 * i + 1], live ? &z[i] : &zero,
                              live ? &y[i] : &zero);
        }
        return 0;
    }
    uint32_t *zy = calloc(16 * n, 4), nn = (uint32_t)n;
    gc_buffer *dcp = NULL, *dzy = NULL, *dpairs = NULL;
    int ret = -1;
    if (!zy) return -1;
    for (size_t i = 0; i < n; i++)
        if (!skip || !skip[i]) raw_limbs(zy + 16 * i, &z[i]), raw_limbs(zy + 16 * i + 8, &y[i]);
    gc_arg args[] = {GC_ARG_BUF(dpairs), GC_ARG_BUF(dcp), GC_ARG_BUF(dzy), GC_ARG_VAL(nn)};
    gc_range r = {1, {(n + 63) / 64 * 64, 1, 1}, {64, 1, 1}, 0};
    if (!gc_buffer_alloc(v->dev, 2 * n * sizeof *cp, GC_MEM_DEVICE, &dcp) &&
        !gc_buffer_alloc(v->dev, 64 * n, GC_MEM_DEVICE, &dzy) &&
        !gc_buffer_alloc(v->dev, 2 * n * sizeof *pairs, GC_MEM_DEVICE, &dpairs) &&
        !gc_buffer_write(dcp, 0, cp, 2 * n * sizeof *cp) && !gc_buffer_write(dzy, 0, zy, 64 * n)) {
        args[0].buffer = dpairs, args[1].buffer = dcp, args[2].buffer = dzy;
        if (!gc_kernel_launch(v->opening_pairs, &r, args, 4, NULL) &&
            !gc_buffer_read(dpairs, 0, pairs, 2 * n * sizeof *pairs))
            ret = 0;
    }
    gc_buffer_free(dcp), gc_buffer_free(dzy), gc_buffer_free(dpairs);
    free(zy);
    return ret;
}

/* The live openings' checks as one, with random nonzero rho_i: e(sum rho_i P_i, [s]) =
 * e(sum rho_i C_i - [sum rho_i y_i] G + sum rho_i z_i P_i, [1]) holds when every opening's
 * does, and otherwise fails but with probability 1/r. Two MSMs and one check, against a
 * pairing a work-item. *all: whether it held; -1: device error or no memory or randomness. */
static int combined_check(const kzg_verifier *v, bool *all, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                          const uint32_t *skip, size_t n, size_t m) {
    size_t terms = 3 * m + 1, k = 0;
    uint8_t *rho_be = malloc(32 * m);
    uint32_t *sc = malloc(32 * terms);
    gc_g1a *pts = malloc(terms * sizeof *pts);
    int ret = rho_be && sc && pts && !kzg_verifier_random_scales(rho_be, m) ? 0 : -1;
    gc_fr rho, t, sum_y;
    gc_fr_zero(&sum_y);
    for (size_t i = 0; !ret && i < n; i++) {
        if (skip && skip[i]) continue;
        gc_fr_from_bytes(&rho, rho_be + 32 * k); /* < r by construction */
        raw_limbs(sc + 8 * k, &rho);                  /* LL: rho_i P_i */
        raw_limbs(sc + 8 * (m + k), &rho);            /* RL: rho_i C_i, */
        gc_fr_mul(&t, &rho, &z[i]);
        raw_limbs(sc + 8 * (2 * m + 1 + k), &t);      /* rho_i z_i P_i */
        gc_fr_mul(&t, &rho, &y[i]);
        gc_fr_add(&sum_y, &sum_y, &t);
        pts[k] = cp[2 * i + 1], pts[m + k] = cp[2 * i], pts[2 * m + 1 + k] = cp[2 * i + 1];
        k++;
    }
    if (!ret) {
        gc_g1p g, out[2], pair[2];
        gc_fr_neg(&sum_y, &sum_y);
        raw_limbs(sc + 8 * 2 * m, &sum_y); /* - [sum rho_i y_i] G */
        gc_g1p_generator(&g);
        gc_g1p_to_affine(&pts[2 * m], &g);
        uint64_t offsets[3] = {0, m, terms};
        ret = kzg_verifier_msms(v, pts, sc, offsets, 2, out);
        pair[0] = out[1], pair[1] = out[0];
        if (!ret) ret = kzg_verifier_pairing_checks(v, all, pair, &v->g2_s, 1);
    }
    free(rho_be), free(sc), free(pts);
    return ret;
}

gc_kzg_ret kzg_verify_openings(const kzg_verifier *v, bool *ok, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                               const uint32_t *skip, size_t n) {
    if (!v || !v->mod || !ok || !cp || !z || !y || n == 0 || n > UINT32_MAX / 2) return GC_KZG_BADARGS;
    size_t live = 0;
    for (size_t i = 0; i < n; i++) live += !skip || !skip[i];
    bool all = false;
    /* Where the checks would go to the device, one combined check first; its failure (an
     * invalid opening) leaves each opening to its own check, for its own verdict. */
    if (live >= v->device_checks_min && live >= 2 && !combined_check(v, &all, cp, z, y, skip, n, live) && all) {
        for (size_t i = 0; i < n; i++) ok[i] = !skip || !skip[i];
        return GC_KZG_OK;
    }
    gc_g1p *pairs = malloc(2 * n * sizeof *pairs);
    bool *res = malloc(n * sizeof *res);
    gc_kzg_ret ret = pairs && res ? GC_KZG_OK : GC_KZG_MALLOC;
    if (!ret && (opening_pairs(v, pairs, cp, z, y, skip, n) || kzg_verifier_pairing_checks(v, res, pairs, &v->g2_s, n)))
        ret = GC_KZG_DEVICE;
    for (size_t i = 0; !ret && i < n; i++) ok[i] = res[i] && (!skip || !skip[i]);
    free(pairs), free(res);
    return ret;
}

gc_kzg_ret kzg_verify_openings_batch(const kzg_verifier *v, bool *ok, const uint8_t *commitments,
                                     const uint8_t *proofs, const gc_g1a *cp, const gc_fr *z, const gc_fr *y,
                                     size_t n) {
    if (!v || !v->mod || !ok || n < 2 || n > (UINT32_MAX - 1) / 3) return GC_KZG_BADARGS;
    size_t terms = 3 * n + 1;
    uint8_t *zb = malloc(64 * n);
    uint32_t *sc = malloc(32 * terms);
    gc_g1a *pts = malloc(terms * sizeof *pts);
    gc_kzg_ret ret = zb && sc && pts ? GC_KZG_OK : GC_KZG_MALLOC;
    if (!ret) {
        for (size_t i = 0; i < n; i++) gc_fr_to_bytes(zb + 32 * i, &z[i]), gc_fr_to_bytes(zb + 32 * (n + i), &y[i]);
        if (kzg_blob_batch_scalars(sc, sc + 8 * n, commitments, zb, zb + 32 * n, proofs, n)) ret = GC_KZG_BADARGS;
    }
    if (!ret) { /* LL: the proofs; RL: the commitments, the generator, the proofs */
        gc_g1p g;
        gc_g1p_generator(&g);
        for (size_t i = 0; i < n; i++) pts[i] = cp[2 * i + 1], pts[n + i] = cp[2 * i], pts[2 * n + 1 + i] = cp[2 * i + 1];
        gc_g1p_to_affine(&pts[2 * n], &g);
        uint64_t offsets[3] = {0, n, terms};
        gc_g1p out[2], pair[2];
        bool res = false;
        if (kzg_verifier_msms(v, pts, sc, offsets, 2, out)) ret = GC_KZG_DEVICE;
        pair[0] = out[1], pair[1] = out[0];
        if (!ret && kzg_verifier_pairing_checks(v, &res, pair, &v->g2_s, 1)) ret = GC_KZG_DEVICE;
        if (!ret) *ok = res;
    }
    free(zb), free(sc), free(pts);
    return ret;
}
