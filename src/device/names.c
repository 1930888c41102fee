/* SPDX-License-Identifier: Apache-2.0 */
/* names.c — how backends, memory orders and memory scopes are spelled in ids, reports and
 * options: below both the device layer's registry (device.c) and the matching of --device
 * words (device_match.c). */
#include "gpucheck/gc_device.h"

const char *gc_backend_name(gc_backend_kind b) {
    switch (b) {
    case GC_BACKEND_CUDA: return "cuda";
    case GC_BACKEND_OPENCL: return "opencl";
    default: return "unknown";
    }
}

const char *gc_order_name(gc_memory_order o) {
    static const char *const names[] = {"relaxed", "acquire", "release", "acq_rel", "seq_cst"};
    return (unsigned)o < GC_ORDER_COUNT ? names[o] : "unknown";
}

const char *gc_scope_name(gc_memory_scope s) {
    static const char *const names[] = {"work_item", "work_group", "device", "system"};
    return (unsigned)s < GC_SCOPE_COUNT ? names[s] : "unknown";
}
