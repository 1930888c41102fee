/* SPDX-License-Identifier: Apache-2.0 */
/* fence_outcome.h — classifying and validating the outcomes of message-passing readers
 * (pure host code, unit-tested in tests/test_atomic_fence_outcome.c).
 *
 * The kernels leave, per reader slot, FO_COUNT counters (FO_NEVER, FO_OK, FO_STALE; see
 * fence_params.gc). The validator is what gc_check_property() runs: it finds
 *   - a stale outcome, where the test forbids it (fenced tests; twins allow it), and
 *   - a slot whose outcomes do not add up: with `expected` set, every slot must record
 *     exactly expected[slot] outcomes (one per round it took part in, so a reader that
 *     never ran or ran twice is caught); without it (the host/device tests, whose
 *     number of observations varies) every slot must have seen its flag at least once. */
#ifndef FENCE_OUTCOME_H
#define FENCE_OUTCOME_H

#include <stddef.h>
#include <stdint.h>

#include "suites/atomic_fence/fence_params.gc"

typedef struct {
    uint64_t never, ok, stale;
} fence_tally;

typedef struct {
    const uint32_t *expected; /* per-slot outcome totals, or NULL (see above) */
    int stale_forbidden;
    const char *slot_name;    /* "work-item", "instance": for messages */
    int never_forbidden;      /* the litmus shapes: FO_NEVER counts invalid registers, never allowed */
} fence_expect;

/** Sum the counters of slots [first, first + n). */
fence_tally fence_tally_slots(const uint32_t *counts, size_t first, size_t n);
/** Checks exercised: reads that saw the flag (and so compared the data). */
uint64_t fence_tally_checks(const fence_tally *t);

/** How many of the n layouts exercised their check fewer than `min` times; the first one
 *  is described in msg ("layout leader: 0 checks, fewer than 100000"). A test's total
 *  can reach its minimum while one layout runs none, so the minimum holds per layout. */
unsigned fence_layouts_short(const fence_tally *layouts, const char *const *names, unsigned n, uint64_t min,
                             char *msg, size_t len);

/** gc_validate_fn over counts[FO_COUNT * n_slots] (n is the number of slots). */
size_t fence_validate(const void *counts, size_t n_slots, const void *expect, char *msg, size_t len);
/** gc_mangle_fn: the negative controls. See fence_mangle_variants(). */
void fence_mangle(void *counts, size_t n_slots, const void *expect, unsigned variant);
/** How many mangle variants apply: a stale outcome injected (only where stale is
 *  forbidden), an invalid register (only where FO_NEVER is forbidden) and a slot whose
 *  outcomes no longer add up. */
unsigned fence_mangle_variants(const fence_expect *e);

#endif
