/* SPDX-License-Identifier: Apache-2.0 */
/* inprocess.c — one test's steps in this process, on an open device: setup, the outputs
 * poisoned with the canary, run, check, the benchmark's samples, teardown, statistics. The
 * child of an isolated test does this; so does the runner itself under --no-fork. */
#include <string.h>

#include "harness/context.h"
#include "harness/runner.h"
#include "harness/sampling.h"

void gc_run_one_inprocess(const gc_test *t, gc_device *dev, const gc_run_options *opt, gc_result *r) {
    gc_test_ctx ctx;
    double t0 = gc_now();
    gc_test_full_name(t, r->full_name, sizeof r->full_name);
    r->test = t;
    r->is_bench = t->sample != NULL;
    gc_ctx_init(&ctx, t, dev, r, opt);
    gc_set_last_error("%s", "");
    int ok = 1;
    if (t->setup) ok = gc_ctx_step(&ctx, "setup", t->setup(&ctx));
    if (ok && t->run) {
        ok = gc_ctx_step(&ctx, "poisoning outputs with the canary", gc_ctx_poison_outputs(&ctx));
        if (ok) ok = gc_ctx_step(&ctx, "run", t->run(&ctx));
    }
    if (ok && t->check) ok = gc_ctx_step(&ctx, "check", t->check(&ctx));
    if (ok && t->sample) gc_run_benchmark(&ctx, t, opt, r);
    if (t->teardown) t->teardown(&ctx);
    gc_ctx_finish(&ctx);
    gc_ctx_release(&ctx);
    if (r->n_samples) {
        gc_stats_compute(r->samples_ms, r->n_samples, &r->stats);
    }
    r->seconds = gc_now() - t0;
}
