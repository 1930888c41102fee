/* SPDX-License-Identifier: Apache-2.0 */
/* verdicts.c — what a finished result means for the run: a mutant judged against what it
 * was built to be, the line that reproduces a failure alone, a benchmark's ratio to its
 * baseline, whether -x ends the run. */
#include <stdio.h>
#include <string.h>

#include "harness/options.h"
#include "harness/verdicts.h"

/* A test built to fail (gc_test.expect, a mutant) passes when it fails as designed. */
void gc_judge_expectation(gc_result *r) {
    const gc_outcome want = r->test->expect;
    if (want == GC_PASS) return;
    char why[sizeof r->reason];
    if (r->outcome == want) {
        snprintf(why, sizeof why, "mutant caught: %s as designed: %.900s", gc_outcome_name(want), r->reason);
        r->outcome = GC_PASS;
    } else if (r->outcome == GC_PASS) {
        snprintf(why, sizeof why, "mutant survived: built to be %s, but every check passed", gc_outcome_name(want));
        r->outcome = GC_FAIL;
    } else {
        return;
    }
    memcpy(r->reason, why, sizeof why);
}

void gc_add_repro(gc_result *r, const gc_run_options *opt) {
    if (r->outcome == GC_PASS || r->outcome == GC_SKIP || r->outcome == GC_MEASURED || r->outcome == GC_INTERRUPTED)
        return;
    /* Every option that changes what a test does goes into the line. */
    char extra[2048] = "";
    size_t o = 0;
    if (opt->scale != GC_DEFAULT_SCALE) o += (size_t)snprintf(extra + o, sizeof extra - o, " --scale %g", opt->scale);
    if (opt->canary != GC_DEFAULT_CANARY) o += (size_t)snprintf(extra + o, sizeof extra - o, " --canary 0x%02X", opt->canary);
    if (opt->timeout_s > 0) o += (size_t)snprintf(extra + o, sizeof extra - o, " --timeout %g", opt->timeout_s);
    if (r->is_bench && opt->samples) o += (size_t)snprintf(extra + o, sizeof extra - o, " --samples %u", opt->samples);
    else if (r->is_bench)
        o += (size_t)snprintf(extra + o, sizeof extra - o, " --min-samples %u --max-noise %g --max-time %g",
                              opt->min_samples, 100 * opt->max_noise, opt->max_time_s);
    if (r->is_bench) o += (size_t)snprintf(extra + o, sizeof extra - o, " --warmup %u%s", opt->warmup,
                                           opt->cold_cache ? " --cold-cache" : "");
    for (size_t i = 0; i < opt->n_params && o < sizeof extra; i++)
        o += (size_t)snprintf(extra + o, sizeof extra - o, " --param %s", opt->params[i]);
    gc_result_log(r, "reproduce alone: %s %s --device %s --seed %llu%s --filter '%s'", opt->argv0,
                  r->is_bench ? "bench" : "run", opt->device_id, (unsigned long long)opt->seed, extra, r->full_name);
}

/* The ratio of a benchmark to its baseline, when both have finished: among the results of
 * one device (a worker touches only its own device's). */
void gc_baseline_ratios(gc_result *results, size_t n) {
    for (size_t i = 0; i < n; i++) {
        gc_result *r = &results[i];
        if (!r->test->baseline || !r->n_samples) continue;
        for (size_t j = 0; j < n; j++) {
            gc_result *b = &results[j];
            if (b->n_samples && b->device == r->device && b->repetition == r->repetition &&
                strcmp(b->case_label, r->case_label) == 0 &&
                strcmp(b->test->suite, r->test->suite) == 0 &&
                strcmp(b->test->name, r->test->baseline) == 0 && b->stats.median > 0)
                r->ratio_to_baseline = r->stats.median / b->stats.median;
        }
    }
}

/* Did this result end the run under -x (--fail-fast)? An INTERRUPTED test ends it anyway. */
int gc_stops_fail_fast(const gc_run_options *opt, const gc_result *r) {
    return opt->fail_fast && gc_outcome_class_of(r->outcome) == GC_COUNTS_FAILED && r->outcome != GC_INTERRUPTED;
}
