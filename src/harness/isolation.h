/* SPDX-License-Identifier: Apache-2.0 */
/* isolation.h — running one test in a child process of its own (isolation.c). */
#ifndef GC_ISOLATION_H
#define GC_ISOLATION_H

#include <pthread.h>
#include <signal.h>

#include "harness/runner.h"

/* While an isolated test runs: what its process has said of its progress so far, passed on
 * to the progress hook with the time spent (under the run's lock: the hooks of a run are
 * never called at the same time, whichever device's worker calls them). */
typedef struct {
    const gc_run_hooks *hooks;
    const gc_run_report *rep;
    size_t index;
    double t0, budget_s;
    gc_result_progress_reader reader;
    pthread_mutex_t *lock;
} gc_progress_relay;

/** Run the test named r->full_name in a child process on `info` under `budget` seconds,
 *  stopped early when *stop becomes non-zero; its outcome, reason, log, samples and
 *  statistics into r. relay: NULL when no one follows its progress. */
void gc_run_isolated(const gc_run_options *opt, const gc_device_info *info, double budget,
                     const volatile sig_atomic_t *stop, gc_progress_relay *relay, gc_result *r);

#endif
