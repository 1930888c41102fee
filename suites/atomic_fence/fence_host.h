/* SPDX-License-Identifier: Apache-2.0 */
/* fence_host.h — the host thread of the host <-> device message-passing tests: a reader
 * of what device work-items write, or a writer for device readers, on host-mapped memory
 * with C11 atomics (the device side is mp_host.gc; the layout is described there). */
#ifndef FENCE_HOST_H
#define FENCE_HOST_H

#include <stdint.h>

#include "gpucheck/gc_device.h"

#define FENCE_HOST_DATA_WORDS 16u /* MH_DATA_WORDS of mp_host.gc */

typedef struct {
    uint32_t *mem;           /* host view of the mapped instance memory */
    uint32_t *ctl;           /* host view of the mapped control words (FC_*) */
    uint32_t n, stride;      /* instances; words per slot */
    gc_memory_order order;   /* the host fence: writer's (release side) or reader's
                                (acquire side); relaxed: a compiler barrier only */
    /* reader */
    uint32_t *last;          /* last flag value seen, per instance */
    uint32_t *counts;        /* FO_COUNT outcome counters per instance, accumulated */
    int kernel_done;         /* set (atomically) by the launching thread */
    uint64_t stale;
    uint32_t first_stale[3]; /* instance, flag, data of the first stale observation */
    /* writer */
    double write_seconds;
    uint32_t next_value;     /* values only grow, across launches too */
    double start_timeout_s;
    int start_timed_out;     /* the kernel never signalled that it runs */
} fence_host_side;

/** Thread body: scan every instance's flag until kernel_done, then once more; every
 *  changed flag is a check of the data behind it. */
void *fence_host_reader(void *side);
/** Thread body: wait for ctl[FC_STARTED], write rounds of values for write_seconds,
 *  then set ctl[FC_DONE]. */
void *fence_host_writer(void *side);
/** Set kernel_done for the reader (a release store). */
void fence_host_signal_done(fence_host_side *h);

#endif
