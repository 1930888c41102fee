/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_setup_ctx.c — gc_kzg_ctx_create: the public entry to the per-device context. It
 * checks its arguments and hands the setup's monomial points to the precomputation
 * (kzg_ctx_create_from_points), and keeps what verification needs of it (the first 64
 * monomial G1 points, [s] G2 and [s^64] G2); the setup itself may be freed after. */
#include <stdio.h>
#include <string.h>

#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/setup/setup.h"

gc_kzg_ret gc_kzg_ctx_create(gc_kzg_ctx **out, gc_device *dev, const gc_kzg_setup *setup,
                             const gc_kzg_options *opt, char *err, size_t err_len) {
    if (err && err_len) err[0] = 0;
    if (out) *out = NULL;
    if (!out || !dev || !setup) {
        if (err && err_len)
            snprintf(err, err_len, "gc_kzg_ctx_create: %s is NULL", !out ? "out" : !dev ? "the device" : "the setup");
        return GC_KZG_BADARGS;
    }
    gc_kzg_ret ret = kzg_ctx_create_from_points(out, dev, setup->g1_monomial, opt, NULL, err, err_len);
    if (ret == GC_KZG_OK) kzg_verify_keep_points(*out, setup);
    return ret;
}

void kzg_verify_keep_points(gc_kzg_ctx *c, const gc_kzg_setup *setup) {
    kzg_verify_state *v = &c->verify;
    memcpy(v->g1_monomial, setup->g1_monomial, sizeof v->g1_monomial);
    v->g2_s = setup->g2_monomial[1];
    v->g2_s64 = setup->g2_monomial[KZG_VERIFY_SETUP_G1];
    v->have_points = 1;
}
