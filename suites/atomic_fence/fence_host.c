/* SPDX-License-Identifier: Apache-2.0 */
/* fence_host.c — host threads of the host <-> device tests. The host half of each
 * message pass is C11: plain data accesses, atomic_thread_fence with the test's order,
 * and a relaxed atomic flag, exactly the shape of the device half. */
#include "suites/atomic_fence/fence_host.h"

#include <stdatomic.h>

#include "suites/atomic_fence/fence_params.gc"
#include "common/clock.h"

/* The flag and the control words are accessed as C11 atomics in place: the memory is
 * shared with the device, so it cannot be declared _Atomic, and uint32_t and
 * atomic_uint have the same size and representation on every supported host. */
static _Atomic uint32_t *atomic_word(uint32_t *p) { return (_Atomic uint32_t *)p; }

static void host_fence(gc_memory_order o) {
    switch (o) {
    case GC_ORDER_ACQUIRE: atomic_thread_fence(memory_order_acquire); break;
    case GC_ORDER_RELEASE: atomic_thread_fence(memory_order_release); break;
    case GC_ORDER_ACQ_REL: atomic_thread_fence(memory_order_acq_rel); break;
    case GC_ORDER_SEQ_CST: atomic_thread_fence(memory_order_seq_cst); break;
    default: atomic_signal_fence(memory_order_seq_cst); break; /* the twins: compiler only */
    }
}

static void scan(fence_host_side *h) {
    for (uint32_t k = 0; k < h->n; k++) {
        uint32_t f = atomic_load_explicit(atomic_word(h->mem + (size_t)(h->n + k) * h->stride), memory_order_relaxed);
        if (f == h->last[k]) continue;
        host_fence(h->order);
        /* Plain data read (volatile only so that the compiler reads memory each time). */
        uint32_t d = ((volatile uint32_t *)(h->mem + (size_t)k * h->stride))[f % FENCE_HOST_DATA_WORDS];
        if (d >= f) {
            h->counts[FO_COUNT * k + FO_OK]++;
        } else {
            h->counts[FO_COUNT * k + FO_STALE]++;
            if (h->stale++ == 0) {
                h->first_stale[0] = k;
                h->first_stale[1] = f;
                h->first_stale[2] = d;
            }
        }
        h->last[k] = f;
    }
}

void *fence_host_reader(void *side) {
    fence_host_side *h = side;
    while (!atomic_load_explicit((_Atomic int *)&h->kernel_done, memory_order_acquire)) scan(h);
    scan(h); /* the kernel is done: every final value is there to see */
    return NULL;
}

void fence_host_signal_done(fence_host_side *h) {
    atomic_store_explicit((_Atomic int *)&h->kernel_done, 1, memory_order_release);
}

void *fence_host_writer(void *side) {
    fence_host_side *h = side;
    double t0 = gc_clock_ms() / 1e3;
    while (!atomic_load_explicit(atomic_word(h->ctl + FC_STARTED), memory_order_relaxed)) {
        if ((gc_clock_ms() / 1e3) - t0 > h->start_timeout_s) {
            h->start_timed_out = 1;
            break;
        }
    }
    t0 = gc_clock_ms() / 1e3;
    while (!h->start_timed_out && (gc_clock_ms() / 1e3) - t0 < h->write_seconds) {
        for (int rep = 0; rep < 4; rep++) {
            const uint32_t v = h->next_value++;
            for (uint32_t k = 0; k < h->n; k++) {
                ((volatile uint32_t *)(h->mem + (size_t)k * h->stride))[v % FENCE_HOST_DATA_WORDS] = v;
                host_fence(h->order);
                atomic_store_explicit(atomic_word(h->mem + (size_t)(h->n + k) * h->stride), v, memory_order_relaxed);
            }
        }
    }
    atomic_store_explicit(atomic_word(h->ctl + FC_DONE), 1u, memory_order_release);
    return NULL;
}
