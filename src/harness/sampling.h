/* SPDX-License-Identifier: Apache-2.0 */
/* sampling.h — a benchmark's sampling loop (sampling.c). */
#ifndef GC_SAMPLING_H
#define GC_SAMPLING_H

#include "result/result.h"

/** Where sampling tells its progress (the child's result pipe); -1: to no one. */
void gc_sampling_report_to(int fd);
/** Warm up, then sample t into r->samples_ms until the rule of opt stops it (r->stopped_by);
 *  nothing when the test already failed, broke, errored or skipped (a failure before
 *  timing is said so in r->reason). */
void gc_run_benchmark(gc_test_ctx *ctx, const gc_test *t, const gc_run_options *opt, gc_result *r);

#endif
