/* SPDX-License-Identifier: Apache-2.0 */
/* incdec_suite.h — internals shared by the atomic_incdec suite's files. */
#ifndef GC_INCDEC_SUITE_H
#define GC_INCDEC_SUITE_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_harness.h"
#include "incdec_model.h"

#define INCDEC_SUITE "atomic_incdec"
#define INCDEC_SOURCE "suites/atomic_incdec/incdec.gc"

/* The forms of counter; incdec.gc names each form's kernels <kernel>_<incdec_form_name>. */
typedef enum {
    INCDEC_NATIVE = 0, /* hardware atom.inc / atom.dec */
    INCDEC_CAS = 1,    /* compare-and-swap loop */
    INCDEC_WRAP = 2,   /* fetch-add of step on the scaled wrap counter */
    INCDEC_ADD = 3,    /* plain fetch-add of 1 (benchmark baseline) */
    INCDEC_FORM_COUNT
} incdec_form;

/* Must match incdec.gc. */
#define INCDEC_SCRIPT_LEN 8
#define INCDEC_CASE_WORDS (INCDEC_SCRIPT_LEN + 1)

/* What a test's `param` points to. */
typedef struct {
    incdec_form form;
    int kind;    /* contention: 0 all increments, 1 all decrements, 2 mixed */
    const char *fault; /* mutants: the fault site to build with (GC_FAULT), or NULL */
    uint32_t counters; /* benchmarks: contention level */
} incdec_param;

const char *incdec_form_name(incdec_form f);
/** NULL when the device can run the form (relaxed device-scope atomics; the native form
 *  also needs hardware bounded inc/dec), else the SKIP reason. */
const char *incdec_requires(const gc_test *t, const gc_device_info *info);

/** Build incdec.gc (with GC_FAULT=fault for a mutant, when non-NULL) and get kernel
 *  `name` of a form. */
gc_status incdec_kernel(gc_test_ctx *ctx, incdec_form form, const char *fault, const char *name, gc_kernel **out);

/** A 1-D range of at least `items` work-items (a multiple of the work-group size). */
gc_range incdec_range(gc_test_ctx *ctx, size_t items);

/** The value a counter of this form is stored as (wrap: scaled), for bound 2^bits - 1. */
uint32_t incdec_stored(incdec_form f, uint32_t bits, uint32_t value);

/** The edge-sequence and contention tests for `p` (form, kind, fault), unregistered: the
 *  suite registers them as they are, a test build again as mutants. */
gc_test incdec_edges_test(const incdec_param *p);
gc_test incdec_contention_test(const incdec_param *p);

void incdec_register_edges(void);
void incdec_register_contention(void);
void incdec_register_bench(void);

/* ---- the contention experiment (shared by contention tests and benchmarks) ---- */

typedef struct {
    gc_incdec_layout layout;
    uint32_t bits;  /* bound = 2^bits - 1 */
    uint32_t bound;
    int kind;       /* 0 inc, 1 dec, 2 mixed */
} incdec_config;

typedef struct {
    incdec_config cfg;
    incdec_form form;
    uint32_t *v0;       /* counters' start values (unscaled) */
    uint32_t *dec_bits; /* mixed: bit k set = operation k is a decrement */
    uint32_t *olds;     /* device: returned values, layout order */
    uint32_t *finals;   /* device: counters' stored words after the run */
    gc_kernel *kernel;
    gc_buffer *counters_buf, *olds_buf, *bits_buf;
} incdec_experiment;

/** Choose start values (some above the bound for native/CAS inc/dec runs) and mixed op
 *  types, allocate and fill device buffers, get the kernel. */
gc_status incdec_experiment_prepare(gc_test_ctx *ctx, incdec_form form, const char *fault, const incdec_config *cfg,
                                    incdec_experiment *e);
/** One launch (device time in *ms when ms != NULL). */
gc_status incdec_experiment_launch(incdec_experiment *e, gc_test_ctx *ctx, double *ms);
/** Copy returned values and counters back. */
gc_status incdec_experiment_read(incdec_experiment *e);
/** Compare against the host model through gc_check_* (records FAIL, negative controls).
 *  @return the number of comparisons that failed. */
size_t incdec_experiment_verify(gc_test_ctx *ctx, incdec_experiment *e);

#endif
