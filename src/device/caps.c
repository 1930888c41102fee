/* SPDX-License-Identifier: Apache-2.0 */
/* caps.c — queries of a device's capability tables (gc_device.h); the backends fill the
 * tables (src/backend/caps.c). */
#include "gpucheck/gc_device.h"

#define BIT(o) ((uint8_t)(1u << (o)))

int gc_caps_fence(const gc_caps *c, gc_memory_order o, gc_memory_scope s) {
    if (!c) gc_set_last_error("gc_caps_fence: c is NULL");
    if (!c || (unsigned)o >= GC_ORDER_COUNT || (unsigned)s >= GC_SCOPE_COUNT) return 0;
    return (c->fence_orders[s] & BIT(o)) != 0;
}

int gc_caps_atomic(const gc_caps *c, gc_memory_order o, gc_memory_scope s) {
    if (!c) gc_set_last_error("gc_caps_atomic: c is NULL");
    if (!c || (unsigned)o >= GC_ORDER_COUNT || (unsigned)s >= GC_SCOPE_COUNT) return 0;
    return (c->atomic_orders[s] & BIT(o)) != 0;
}

int gc_caps_scope_narrowed(const gc_caps *c, gc_memory_scope s, gc_memory_scope *as) {
    if (!c) gc_set_last_error("gc_caps_scope_narrowed: c is NULL");
    if (!c || (unsigned)s >= GC_SCOPE_COUNT || c->narrowed_scope[s] == 0 ||
        c->narrowed_scope[s] > GC_SCOPE_COUNT)
        return 0;
    if (as) *as = (gc_memory_scope)(c->narrowed_scope[s] - 1);
    return 1;
}
