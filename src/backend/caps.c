/* SPDX-License-Identifier: Apache-2.0 */
/* caps.c — capability tables: which memory orders each scope supports for atomics and
 * fences, derived from what a CUDA or OpenCL device reports (backend/caps.h).
 *
 * The tables describe what a kernel written in the dialect (kernels/gc_dialect.h) can
 * rely on when compiled for the device, not merely what the driver advertises: where
 * the two differ (an OpenCL 3.0 device whose C11 atomics stop at work-group scope, so
 * the dialect falls back to the OpenCL 1.2 built-ins), the table follows the code the
 * dialect actually emits.
 *
 * Work-item scope. OpenCL allows memory_scope_work_item only on fences, and the dialect
 * compiles every work-item-scope fence, and every relaxed fence, to nothing (a compiler
 * barrier on CUDA): a single work-item already sees its own accesses in program order.
 * So atomics never list work-item scope on either backend. For fences, OpenCL reports
 * what the device says (3.0 query, or the 2.x equivalent of the spec), and CUDA lists
 * relaxed only: PTX has no work-item scope, and claiming acquire/release there would
 * invite a test whose fence can have no observable effect. */
#include <stddef.h>
#include <string.h>

#include "backend/caps.h"

#define BIT(o) ((uint8_t)(1u << (o)))
#define ORDERS_ALL                                                                           \
    (BIT(GC_ORDER_RELAXED) | BIT(GC_ORDER_ACQUIRE) | BIT(GC_ORDER_RELEASE) |               \
     BIT(GC_ORDER_ACQ_REL) | BIT(GC_ORDER_SEQ_CST))

/* cl_device_atomic_capabilities bits (OpenCL 3.0, CL/cl.h). Spelled out here so that
 * this file, and its unit test, do not depend on the OpenCL headers. */
enum {
    CAP_ORDER_RELAXED = 1u << 0,
    CAP_ORDER_ACQ_REL = 1u << 1,
    CAP_ORDER_SEQ_CST = 1u << 2,
    CAP_SCOPE_WORK_ITEM = 1u << 3,
    CAP_SCOPE_WORK_GROUP = 1u << 4,
    CAP_SCOPE_DEVICE = 1u << 5,
    CAP_SCOPE_ALL_DEVICES = 1u << 6,
};

void gc_caps_from_cuda_cc(gc_caps *caps, unsigned cc_major, unsigned cc_minor) {
    (void)cc_minor; /* no capability below changes within a major version */
    memset(caps, 0, sizeof *caps);
    /* The dialect's scoped loads, stores, RMWs and fences (ld.acquire.gpu, fence.sc.sys,
     * ...) are PTX ISA 6.0 instructions that need sm_70: below that the tables stay
     * empty and every order/scope-dependent test skips. */
    if (cc_major >= 7) {
        for (int s = GC_SCOPE_WORK_GROUP; s <= GC_SCOPE_SYSTEM; s++) {
            caps->atomic_orders[s] = ORDERS_ALL;
            caps->fence_orders[s] = ORDERS_ALL;
        }
        caps->fence_orders[GC_SCOPE_WORK_ITEM] = BIT(GC_ORDER_RELAXED);
    }
    caps->int64_atomics = 1;
    caps->sub_groups = 1; /* warps over the linearized local id */
    caps->sub_group_sizes[0] = 32;
    caps->n_sub_group_sizes = 1;
    /* A CUDA grid is a whole number of blocks; the dialect does not emulate partial
     * blocks, so a non-uniform range is refused up front. */
    caps->non_uniform_work_groups = 0;
    caps->host_mapped_memory = 1;        /* cuMemHostAlloc(DEVICEMAP) since sm_20 */
    caps->native_bounded_atomic_inc = 1; /* atom.inc / atom.dec with a bound operand */
}

/* Orders a capability mask grants: ACQ_REL implies acquire and release alone. */
static uint8_t orders_of(uint64_t m) {
    uint8_t o = 0;
    if (m & CAP_ORDER_RELAXED) o |= BIT(GC_ORDER_RELAXED);
    if (m & CAP_ORDER_ACQ_REL)
        o |= BIT(GC_ORDER_ACQUIRE) | BIT(GC_ORDER_RELEASE) | BIT(GC_ORDER_ACQ_REL);
    if (m & CAP_ORDER_SEQ_CST) o |= BIT(GC_ORDER_SEQ_CST);
    return o;
}

/* Spread a capability mask over the scope table: every listed order at every listed
 * scope (the OpenCL query is a product of the two sets). */
static void spread(uint8_t table[GC_SCOPE_COUNT], uint64_t m) {
    uint8_t o = orders_of(m);
    table[GC_SCOPE_WORK_ITEM] = (m & CAP_SCOPE_WORK_ITEM) ? o : 0;
    table[GC_SCOPE_WORK_GROUP] = (m & CAP_SCOPE_WORK_GROUP) ? o : 0;
    table[GC_SCOPE_DEVICE] = (m & CAP_SCOPE_DEVICE) ? o : 0;
    table[GC_SCOPE_SYSTEM] = (m & CAP_SCOPE_ALL_DEVICES) ? o : 0;
}

int gc_caps_opencl_legacy_atomics(int have_30, uint64_t atomic_mem_caps, unsigned opencl_c_major) {
    if (opencl_c_major < 2) return 1; /* no C11 atomics in OpenCL C 1.x at all */
    /* An OpenCL C 3.0 compile whose C11 atomics stop at work-group scope (NVIDIA reports
     * exactly the mandated minimum) cannot make an atomic visible across work-groups;
     * the 1.2 built-ins (atomic_add, ...) on global memory are device-wide. */
    return have_30 && opencl_c_major >= 3 && !(atomic_mem_caps & CAP_SCOPE_DEVICE);
}

void gc_caps_from_opencl(gc_caps *caps, int have_30, uint64_t atomic_mem_caps,
                         uint64_t atomic_fence_caps, unsigned opencl_c_major) {
    memset(caps, 0, sizeof *caps);
    if (gc_caps_opencl_legacy_atomics(have_30, atomic_mem_caps, opencl_c_major)) {
        /* OpenCL 1.2 dialect: atomic_* built-ins are relaxed and atomic for every
         * work-item of the device; ordering comes only from mem_fence, which the 2.0
         * memory model defines as an acq_rel fence at work-group scope. Nothing at
         * system scope, no seq_cst. (The 3.0 spec's 1.x equivalent lists atomics at
         * work-group scope only; global-memory 1.x atomics are device-wide, which
         * is what the device scope here records.) */
        uint8_t relaxed = BIT(GC_ORDER_RELAXED);
        caps->atomic_orders[GC_SCOPE_WORK_GROUP] = relaxed;
        caps->atomic_orders[GC_SCOPE_DEVICE] = relaxed;
        caps->fence_orders[GC_SCOPE_WORK_GROUP] = orders_of(CAP_ORDER_RELAXED | CAP_ORDER_ACQ_REL);
        return;
    }
    if (!have_30) {
        /* OpenCL 2.x: what the 3.0 spec's backwards-compatibility section says the two
         * queries return for a 2.x device (everything OpenCL C 2.0 mandates). */
        atomic_mem_caps = CAP_ORDER_RELAXED | CAP_ORDER_ACQ_REL | CAP_ORDER_SEQ_CST |
                          CAP_SCOPE_WORK_GROUP | CAP_SCOPE_DEVICE | CAP_SCOPE_ALL_DEVICES;
        atomic_fence_caps = CAP_ORDER_RELAXED | CAP_ORDER_ACQ_REL | CAP_ORDER_SEQ_CST |
                            CAP_SCOPE_WORK_ITEM | CAP_SCOPE_WORK_GROUP | CAP_SCOPE_DEVICE;
    }
    spread(caps->atomic_orders, atomic_mem_caps);
    /* The work-item bit is only meaningful for fences (OpenCL 3.0, table 4.3). */
    caps->atomic_orders[GC_SCOPE_WORK_ITEM] = 0;
    spread(caps->fence_orders, atomic_fence_caps);
}

void gc_caps_opencl_scope_features(gc_caps *caps, unsigned opencl_c_major, int legacy_atomics,
                                   int has_scope_device, int has_scope_all_devices) {
    /* OpenCL C 2.0 has every scope without feature macros; the 1.2 built-ins have no scope. */
    if (opencl_c_major < 3 || legacy_atomics) return;
    if (!has_scope_device) {
        caps->narrowed_scope[GC_SCOPE_DEVICE] = 1 + GC_SCOPE_WORK_GROUP;
        caps->atomic_orders[GC_SCOPE_DEVICE] = caps->fence_orders[GC_SCOPE_DEVICE] = 0;
    }
    if (!has_scope_all_devices) {
        caps->narrowed_scope[GC_SCOPE_SYSTEM] = 1 + GC_SCOPE_DEVICE;
        caps->atomic_orders[GC_SCOPE_SYSTEM] = caps->fence_orders[GC_SCOPE_SYSTEM] = 0;
    }
}
