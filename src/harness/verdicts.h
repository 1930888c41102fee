/* SPDX-License-Identifier: Apache-2.0 */
/* verdicts.h — judging finished results (verdicts.c). */
#ifndef GC_VERDICTS_H
#define GC_VERDICTS_H

#include <stddef.h>

#include "result/result.h"

/** A test built to fail (gc_test.expect, a mutant) passes when it fails as designed. */
void gc_judge_expectation(gc_result *r);
/** Log the command line that runs this failed test alone, with every option that changes
 *  what it does. */
void gc_add_repro(gc_result *r, const gc_run_options *opt);
/** Each benchmark's median over its baseline's, among results of one device. */
void gc_baseline_ratios(gc_result *results, size_t n);
/** Does this result end the run under -x (--fail-fast)? */
int gc_stops_fail_fast(const gc_run_options *opt, const gc_result *r);

#endif
