/* SPDX-License-Identifier: Apache-2.0 */
/* progress_line.h — the text of the terminal's live progress line for the running test,
 * a pure function so that it can be tested without a terminal (the CLI draws it). */
#ifndef GC_PROGRESS_LINE_H
#define GC_PROGRESS_LINE_H

#include <stddef.h>

#include "result/result.h"

#define GC_PROGRESS_LINE_MAX_WIDTH 100

typedef struct {
    size_t index, total;     /* the test's place in the run, from 1 */
    const char *device;      /* its device's id in a run over several devices, else NULL */
    const char *name;        /* suite.test */
    double elapsed_s;        /* < 0: just started, the line is only the place and the name */
    double budget_s;
    gc_result_progress bench; /* what a benchmark's process said of its sampling */
    unsigned samples_wanted; /* --samples N; 0: the noise rule, whose target is target_cv */
    double target_cv;        /* a fraction (0.005 is 0.5 %) */
    size_t running;          /* tests running at once (devices in parallel); from 2 on, index is
                                the number finished and the line shows one of the running */
} gc_progress_line;

/** Write the line, at most `width` columns (the name is shortened in the middle, with
 *  "...", when the whole does not fit), into out (NUL-terminated; out_len > width).
 *  Returns its length:
 *    [3/8] fk20.L64.msm.rows  12 s of 600 s
 *    [2/5] bls12_381.bench.g1_add  3 s of 30 s, warm-up 1 of 3
 *    [2/5] bls12_381.bench.g1_add  9 s of 30 s, 14 samples, CV 0.8% (target 0.5%)
 *    [5/16 done, 2 running] opencl:0:1 device.ids_3d  3 s of 60 s */
size_t gc_progress_line_format(const gc_progress_line *pl, size_t width, char *out, size_t out_len);

#endif
