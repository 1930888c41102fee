/* SPDX-License-Identifier: Apache-2.0 */
/* fence_suite.h — the atomic_fence suite's cases, run configuration and engine (internal
 * to suites/atomic_fence). docs/atomic_fence.md explains the tests and their numbers.
 *
 * A case is one compiled variant of a message-passing test: where the threads meet
 * (local memory, global memory, host <-> device), the fences compiled in (orders and
 * scope), and whether it is a fenced conformance test or a weakened twin. An engine
 * builds a case's kernels, runs them in steps and keeps the per-reader outcomes; the
 * tests (fence_tests.c) and the mutation score (fence_score.c) drive engines. */
#ifndef FENCE_SUITE_H
#define FENCE_SUITE_H

#include <stdint.h>

#include "gpucheck/gc_harness.h"
#include "suites/atomic_fence/fence_outcome.h"
#include "suites/atomic_fence/fence_params.gc"

typedef enum {
    FENCE_LOCAL, FENCE_GLOBAL, FENCE_DEVICE_TO_HOST, FENCE_HOST_TO_DEVICE,
    /* the litmus shapes beside message passing, across work-groups (litmus.gc) */
    FENCE_SB, FENCE_LB, FENCE_IRIW,
    /* a work-group barrier's memory semantics, data in local or global memory (barrier.gc) */
    FENCE_BARRIER_LOCAL, FENCE_BARRIER_GLOBAL,
    /* the "last block done" reduction idiom: fence, bounded-increment ticket (last_block.gc) */
    FENCE_LAST_BLOCK
} fence_space;
/** 1 for the store-buffering, load-buffering and IRIW shapes. */
int fence_space_is_litmus(fence_space s);
/** 1 for the barrier shapes (data in local or global memory). */
int fence_space_is_barrier(fence_space s);
typedef enum {
    FENCE_FENCED,        /* a conformance test: the stale outcome is forbidden */
    FENCE_TWIN_NO_FENCE, /* both fences removed (relaxed: a compiler barrier only) */
    FENCE_TWIN_NARROW    /* fences one scope too narrow for the threads involved */
} fence_kind;

typedef struct {
    const char *name;          /* test name without the suite, e.g. "global.seq_cst.device" */
    fence_space space;
    fence_kind kind;
    gc_memory_order order1;    /* writer's fence, as compiled */
    gc_memory_order order2;    /* reader's fence, as compiled */
    gc_memory_scope scope;     /* both fences' scope, as compiled */
    gc_memory_scope flag_scope; /* the flag atomics' scope: always covers both threads */
    /* Twins: the fenced case whose capabilities a twin needs to be meaningful. */
    gc_memory_order parent_order1, parent_order2;
    gc_memory_scope parent_scope;
    int reorder;               /* FR_* (fence_params.gc): local no-fence twins only */
    const char *weakens;       /* twins: the fenced tests it weakens (an fnmatch pattern) */
    gc_memory_order store_order, load_order; /* the flag's store and polls (relaxed: fences only) */
    int barrier_mem;           /* barrier shapes: GC_MEM_SPACE_* the barrier orders, 0 for none */
    int ticket;                /* last_block: the ticket's form (FT_*, fence_params.gc) */
    const char *fault;         /* mutants (test builds): the GC_FAULT the kernels are built with */
} fence_case;

#define FENCE_MAX_CASES 96
/** All cases of the suite (at most FENCE_MAX_CASES; each shape's fenced tests before its
 *  twins). */
const fence_case *fence_cases(size_t *count);
/** NULL when the device can run the case, else the reason (a static string). */
const char *fence_case_requires(const fence_case *c, const gc_device_info *info);
int fence_case_is_twin(const fence_case *c);

/** The defines a case's kernels are built with (into d, pointed to by defs); returns how
 *  many. The engine builds with them; tests/test_atomic_fence_cuda_cases.c compiles every
 *  case with them through NVRTC and checks its PTX. */
#define FENCE_MAX_DEFINES 10
size_t fence_case_defines(const fence_case *c, unsigned start_barrier, char d[FENCE_MAX_DEFINES][48],
                          const char *defs[FENCE_MAX_DEFINES]);

/** Kernel source of a case and the kernel of each of its layouts. */
const char *fence_case_source(const fence_case *c);
const char *fence_case_kernel(const fence_case *c, unsigned layout);

/** What the PTX of layout `layout` of case c must show (see fence_ptx.h): the fences
 *  compiled in and nothing else, and the flag poll inside its loop. `fences` and `poll`
 *  are storage the expectation points into. */
void fence_case_ptx_expect(const fence_case *c, unsigned layout, void *expect, char fences[2][32], char poll[32]);

/** Whether `twin` weakens the fenced case `fenced` (its `weakens` pattern). */
int fence_twin_weakens(const fence_case *twin, const fence_case *fenced);

/** The mutants of a test build (fence_tests.c): copies of fenced cases built with a fault
 *  site of the kernels they include, registered to FAIL. */
const fence_case *fence_mutant_cases(size_t *count);

/** Registers atomic_fence.mutation_score (fence_score.c). */
void fence_register_score(void);

/* Layouts a case runs: local leader/pairs, global one_writer/parallel, the other shapes
 * one each. */
#define FENCE_MAX_LAYOUTS 2
const char *fence_layout_name(fence_space s, unsigned layout);
unsigned fence_layout_count(fence_space s);

/* ---- run configuration: defaults per device, overridable from the environment ---- */
typedef struct {
    unsigned wg_size, groups;     /* global: work-group size and count; local: the same */
    unsigned local_wg_size, local_groups;
    unsigned rounds, retries, local_retries;
    unsigned stride;              /* words between instance slots (>= 64) */
    unsigned stress_pct;          /* share of the parallel layout's groups that stress */
    unsigned stress_iters, stress_pattern, stress_lines, stress_line_words, pre_stress_iters;
    unsigned shuffle, start_barrier;
    unsigned local_stress_items;  /* local tests: stress work-items per group (beside the testers) */
    unsigned local_stress_iters;  /* ... their iteration cap (they stop when the testers are done) */
    unsigned host_instances, host_rounds;
    double host_write_seconds;    /* host writer's time per launch (host -> device) */
    uint64_t target_checks;       /* fenced tests: checks per layout to aim for */
    double seconds;               /* fenced tests: time cap */
    double twin_seconds;          /* twins: measuring time */
    double score_seconds;         /* mutation score: time per twin before "not observed" */
} fence_config;

/** Fill cfg for the test's device: defaults, scaled by --scale, then the overrides of
 *  `--param atomic_fence.NAME=VALUE` (checked by the command line against what
 *  fence_config_declare declared). A GPUCHECK_FENCE_* variable left in the environment is
 *  an ERROR (GC_ERR_ARGUMENT after gc_ctx_error) naming the --param to use. Records the
 *  effective values in the report. */
gc_status fence_config_load(gc_test_ctx *ctx, fence_config *cfg);
/** Declare the parameters to the harness for the tests of `suite` (at the suite's
 *  registration: atomic_fence, and mutant_atomic_fence in a test build). */
void fence_config_declare(const char *suite);

/* ---- engine ------------------------------------------------------------------------ */
typedef struct fence_engine fence_engine;

typedef struct {
    fence_tally layout[FENCE_MAX_LAYOUTS];
    fence_tally total;
    uint64_t launches;
    double seconds;               /* time spent in steps */
} fence_progress;

/** Build the case's kernels (and check their PTX on CUDA), allocate its memory. */
gc_status fence_engine_open(gc_test_ctx *ctx, const fence_case *c, const fence_config *cfg, fence_engine **out);
/** One step: a launch of each layout's kernel (with the host thread for host cases). */
gc_status fence_engine_step(fence_engine *e);
/** Outcomes so far (reads the device counters). */
gc_status fence_engine_progress(fence_engine *e, fence_progress *p);
/** Stale outcomes so far, cheaply (one word per layout). */
gc_status fence_engine_stale(fence_engine *e, uint64_t *stale);
/** Validate every reader's outcomes with gc_check_property (stale forbidden for fenced
 *  cases) and note the first stale observations. Returns 1 when valid. */
int fence_engine_validate(fence_engine *e, const char *label);
void fence_engine_close(fence_engine *e);

/* ---- observing a twin (fence_score.c) ------------------------------------------------ */
typedef struct {
    int observed;        /* the weak outcome showed */
    double seconds;      /* time it ran */
    uint64_t launches, checks, weak;
} fence_observation;

/** Run a twin until its weak outcome shows or `seconds` pass (at least one step); its
 *  readers' bookkeeping is validated as for the twin's own test. Notes the result. */
gc_status fence_twin_observe(gc_test_ctx *ctx, const fence_case *twin, const fence_config *cfg, double seconds,
                             fence_observation *out);

#endif
