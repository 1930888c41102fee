/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_suite.c — what the atomic_incdec suite's tests share: forms, requirements,
 * kernel builds, ranges (the entry point that registers them is register.c). */
#include "incdec_suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/gc_atomic_bounded.h"

const char *incdec_form_name(incdec_form f) {
    switch (f) {
    case INCDEC_NATIVE: return "native";
    case INCDEC_CAS: return "cas";
    case INCDEC_WRAP: return "fetch_add";
    case INCDEC_ADD: return "add";
    default: return "?";
    }
}

const char *incdec_requires(const gc_test *t, const gc_device_info *info) {
    const incdec_param *p = t->param;
    if (!gc_caps_atomic(&info->caps, GC_ORDER_RELAXED, GC_SCOPE_DEVICE))
        return "no relaxed atomics at device scope (the counters are shared by every work-group)";
    if (p->form == INCDEC_NATIVE && (info->backend != GC_BACKEND_CUDA || !info->caps.native_bounded_atomic_inc))
        return "no native bounded atomic inc/dec on this device (OpenCL's atomic_inc has no bound; the CAS "
               "loop is the form used here)";
    return NULL;
}

gc_status incdec_kernel(gc_test_ctx *ctx, incdec_form form, const char *fault, const char *name, gc_kernel **out) {
    char fault_def[64], kernel[64];
    const char *defs[1];
    size_t nd = 0;
    if (fault) {
        snprintf(fault_def, sizeof fault_def, "GC_FAULT=%s", fault);
        defs[nd++] = fault_def;
    }
    /* Every form's kernels are in the one module, named <name>_<form>. */
    snprintf(kernel, sizeof kernel, "%s_%s", name, incdec_form_name(form));
    return gc_ctx_kernel(ctx, INCDEC_SOURCE, defs, nd, kernel, out);
}

gc_range incdec_range(gc_test_ctx *ctx, size_t items) {
    const gc_device_info *info = gc_ctx_info(ctx);
    size_t local = 256;
    if (info->max_work_group_size && info->max_work_group_size < local) local = info->max_work_group_size;
    if (local == 0) local = 1;
    gc_range r;
    memset(&r, 0, sizeof r);
    r.dims = 1;
    r.local[0] = local;
    r.global[0] = (items + local - 1) / local * local;
    r.global[1] = r.global[2] = r.local[1] = r.local[2] = 1;
    return r;
}

uint32_t incdec_stored(incdec_form f, uint32_t bits, uint32_t value) {
    if (f != INCDEC_WRAP) return value;
    return gc_wrap_make(gc_wrap_spec_for_bits(bits), value).scaled;
}
