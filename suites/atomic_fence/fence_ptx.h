/* SPDX-License-Identifier: Apache-2.0 */
/* fence_ptx.h — checks the PTX that a fence-test kernel compiled to (pure host code,
 * unit-tested on sample PTX text in tests/test_atomic_fence_ptx.c).
 *
 * A fence test proves something only if the device ran the fences it claims to test and
 * really polled: a compiler that dropped a fence, widened or narrowed its scope, or
 * hoisted the flag load out of its loop would make a PASS meaningless. For one kernel
 * entry of a module's PTX the checker verifies:
 *   - every opcode in `fences` occurs at least once (e.g. "fence.acq_rel.gpu");
 *   - with `only_listed_fences`, no other fence or membar occurs (a no-fence twin lists
 *     none, so any fence is a mismatch);
 *   - with `poll` set (an opcode prefix such as "ld.relaxed.gpu"), some such load sits
 *     inside a loop: a label at or before it and a later branch back to that label;
 *     with `poll_loop_pure`, the innermost such loop holds no fence and no store, i.e.
 *     it is the poll loop itself rather than an outer loop that merely contains a load
 *     the compiler moved out of the poll loop;
 *   - with `barriers`, that a work-group barrier is there (the barrier tests), or that
 *     none is (their no-barrier twins).
 * Comments are ignored, so a fence named in a comment does not count. */
#ifndef FENCE_PTX_H
#define FENCE_PTX_H

#include <stddef.h>

#include "gpucheck/gc_device.h"

#define FENCE_PTX_MAX_FENCES 4

typedef struct {
    const char *entry;                          /* kernel name */
    const char *fences[FENCE_PTX_MAX_FENCES];   /* required fence opcodes (NULL-ended) */
    int only_listed_fences;
    const char *poll;                           /* poll load opcode prefix, or NULL */
    int poll_loop_pure;
    int barriers;                               /* FENCE_PTX_BARRIER_* */
} fence_ptx_expect;

/* Work-group barriers (bar / barrier instructions: __syncthreads is bar.sync 0). */
#define FENCE_PTX_BARRIER_ANY 0      /* not checked */
#define FENCE_PTX_BARRIER_REQUIRED 1 /* at least one (a barrier test's barrier was compiled in) */
#define FENCE_PTX_BARRIER_NONE 2     /* none (a no-barrier twin) */

/** Returns 1 when the entry matches, 0 otherwise with the reason in msg. */
int fence_ptx_check(const char *ptx, const fence_ptx_expect *e, char *msg, size_t len);

/** PTX scope suffix of a scope: "cta", "gpu", "sys" (work-item: "cta"). */
const char *fence_ptx_scope(gc_memory_scope s);
/** PTX fence opcode the dialect emits for an order and scope, written into buf
 *  ("fence.acq_rel.gpu", "fence.sc.sys"); "" for a relaxed order (no fence). */
const char *fence_ptx_fence_opcode(gc_memory_order o, gc_memory_scope s, char *buf, size_t len);

#endif
