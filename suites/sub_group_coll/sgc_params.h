/* SPDX-License-Identifier: Apache-2.0 */
/* sgc_params.h — one test of the sub-group collectives suite: which kernel, over which
 * range, and the state its steps share (sgc_tests.c registers, sgc_check.c compares). */
#ifndef GC_SGC_PARAMS_H
#define GC_SGC_PARAMS_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_harness.h"
#include "suites/sub_group/sg_shape.h"
#include "suites/sub_group_coll/sgc_model.h"

typedef struct {
    char suite[32];
    char name[48];
    char description[160];
    char kernel[40];
    const char *source;
    const char *needs;   /* what the kernel's absence means (a SKIP reason) */
    sgc_family family;
    sgc_type type;
    gc_sg_case shape;
    const char *define;  /* mutants: the fault site switched on, else NULL */
} sgc_param;

typedef struct {
    gc_kernel *kernel;
    gc_buffer *out, *lay, *in;
    gc_range range;
    size_t n;            /* work-items per launch */
    uint32_t launches;   /* L = 0 .. launches - 1 */
    unsigned slots, bytes;
    uint64_t *host_in;   /* inputs, zero-extended words */
    int cuda_edges;
} sgc_state;

/** Reads back every launch, computes the answers and compares them (gc_check_*). */
gc_status sgc_check_results(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s);
/** The same answers, counted instead of compared: *wrong gets the wrong ones (a launch
 *  with an inconsistent layout counts one), and nothing is recorded (mutation score). */
gc_status sgc_count_wrong(gc_test_ctx *ctx, const sgc_param *p, sgc_state *s, size_t *wrong);

#endif
