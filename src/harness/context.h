/* SPDX-License-Identifier: Apache-2.0 */
/* context.h — the test context behind gc_test_ctx (internal to the harness). */
#ifndef GC_CONTEXT_H
#define GC_CONTEXT_H

#include "result/result.h"

#define GC_CTX_MAX_OBJECTS 256

struct gc_test_ctx {
    const gc_test *test;
    gc_device *dev;
    gc_result *result;
    const gc_run_options *opt;
    void *state;
    uint64_t rng[4];          /* xoshiro256** state */
    double t0;                /* monotonic start */
    double budget_s;
    int failed, broken, errored, skipped;
    /* Verdicts that replace PASS when nothing worse was recorded (gc_ctx_measured,
     * gc_ctx_unvalidated, gc_ctx_inconclusive), with their reasons. */
    char measured[512], unvalidated[512], inconclusive[512];
    uint64_t explicit_checks; /* from gc_ctx_count_checks */
    int counted_explicitly;
    uint64_t compared;        /* elements compared by gc_check_* */
    unsigned comparisons;     /* gc_check_* calls */
    gc_buffer *outputs[GC_CTX_MAX_OBJECTS];
    size_t n_outputs;
    gc_buffer *buffers[GC_CTX_MAX_OBJECTS];
    size_t n_buffers;
    gc_module *modules[GC_CTX_MAX_OBJECTS];
    size_t n_modules;
    gc_kernel *kernels[GC_CTX_MAX_OBJECTS];
    size_t n_kernels;
    void *mallocs[GC_CTX_MAX_OBJECTS];
    size_t n_mallocs;
};

double gc_now(void);
void gc_ctx_init(gc_test_ctx *ctx, const gc_test *t, gc_device *dev, gc_result *r, const gc_run_options *opt);
void gc_ctx_release(gc_test_ctx *ctx);
/** Handle a step's status: GC_OK → 1; otherwise records SKIP/ERROR and returns 0. */
int gc_ctx_step(gc_test_ctx *ctx, const char *step, gc_status st);
/** Decide the outcome from what was recorded. */
void gc_ctx_finish(gc_test_ctx *ctx);

#endif
