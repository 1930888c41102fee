/* kzg_setup_ctx.c — gc_kzg_ctx_create: the public entry to the per-device context. It
 * checks its arguments and hands the setup's monomial points to the precomputation
 * (kzg_ctx_create_from_points); the setup itself is not kept, so it may be freed after. */
#include <stdio.h>

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
    return kzg_ctx_create_from_points(out, dev, setup->g1_monomial, opt, NULL, err, err_len);
}
