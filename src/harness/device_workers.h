/* SPDX-License-Identifier: Apache-2.0 */
/* device_workers.h — the state of a run its devices' workers share (device_workers.c). */
#ifndef GC_DEVICE_WORKERS_H
#define GC_DEVICE_WORKERS_H

#include <pthread.h>
#include <stdatomic.h>

#include "harness/runner.h"

/* While the run goes, rep->results holds a block of `per_device` slots for each device,
 * in the run's device order; a device's worker alone writes its block, one slot per test
 * and repetition in registration order. When every worker has ended, the blocks are
 * closed up into the report's order (device by device), so that each report has its
 * sections in the order given whatever order the tests finished in. Everything the
 * workers share is under `lock`: the hooks (never called at the same time), requires()
 * (a test's may use static buffers), rep's counts, and the cursor of the hook that gets
 * the results in the report's order. */
typedef struct {
    const gc_run_options *opt;
    gc_run_report *rep;
    const gc_run_hooks *hooks;
    const gc_test **tests; /* the selected tests, in registration order */
    size_t n_tests;
    unsigned repeat;
    size_t per_device;     /* n_tests * repeat */
    int bench;
    double t0;
    pthread_mutex_t lock;
    atomic_int stop_all;   /* -x: a test did not pass, no device starts another */
    size_t done[GC_MAX_RUN_DEVICES]; /* results of each device so far */
    int over[GC_MAX_RUN_DEVICES];    /* its worker has ended */
    size_t next_device, next_k, next_number; /* the `ordered` hook's cursor */
} gc_run_state;

/** No new test starts: a signal asked the run to stop, or -x ended it. */
int gc_run_stopping(gc_run_state *s);
/** Under the lock: pass on to the `ordered` hook what is final in the report's order. */
void gc_release_in_order(gc_run_state *s);
/** Device d's worker: its tests and repetitions, into its block of rep->results. */
void gc_run_device(gc_run_state *s, size_t d);
/** Every device's worker at once, in threads of their own. */
void gc_run_devices_parallel(gc_run_state *s);

#endif
