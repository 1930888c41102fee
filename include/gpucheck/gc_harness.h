/* SPDX-License-Identifier: Apache-2.0 */
/* gc_harness.h — tests and benchmarks that prove themselves.
 *
 * A test is registered as a gc_test: suite, name, tags, what it needs, a time budget and
 * setup / run / check / teardown steps. The harness
 *   - skips it, naming the reason, when `requires` says the device lacks something;
 *   - poisons every output buffer (gc_ctx_alloc_output) with the canary before `run`;
 *   - follows every passing comparison (gc_check_*) with a negative control: the expected
 *     data are mangled reversibly, the comparison must now fail, and the data are
 *     restored; a comparison that cannot fail makes the test BROKEN;
 *   - runs it in a child process with a timeout (TIMEOUT, CRASH instead of a hung run);
 *   - marks it INCONCLUSIVE when it exercised its check fewer than `min_checks` times.
 * A benchmark is a gc_test with `sample` set: it is validated once (its `check`), warmed
 * up, then timed over many device-timed samples. */
#ifndef GC_HARNESS_H
#define GC_HARNESS_H

#include "gc_api.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_device.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How an outcome counts in a run's summary and exit status: only PASS counts as passed;
 * SKIP, MEASURED and UNVALIDATED count neither as passed nor as failed (the run can still
 * exit 0); everything else counts as failed. */
typedef enum { GC_COUNTS_PASSED, GC_COUNTS_NEITHER, GC_COUNTS_FAILED } gc_outcome_class;

#define GC_OUTCOME_LIST(X)                                                                     \
    X(GC_PASS, "PASS", GC_COUNTS_PASSED)                                                       \
    X(GC_FAIL, "FAIL", GC_COUNTS_FAILED)                                                       \
    X(GC_SKIP, "SKIP", GC_COUNTS_NEITHER)                                                      \
    X(GC_INCONCLUSIVE, "INCONCLUSIVE", GC_COUNTS_FAILED)                                       \
    X(GC_BROKEN, "BROKEN", GC_COUNTS_FAILED)                                                   \
    X(GC_TIMEOUT, "TIMEOUT", GC_COUNTS_FAILED)                                                 \
    X(GC_CRASH, "CRASH", GC_COUNTS_FAILED)                                                     \
    X(GC_ERROR, "ERROR", GC_COUNTS_FAILED)                                                     \
    X(GC_INTERRUPTED, "INTERRUPTED", GC_COUNTS_FAILED) /* the run was stopped (Ctrl-C) */      \
    /* a measurement (how often a weakened twin shows its weak outcome): nothing to pass */    \
    X(GC_MEASURED, "MEASURED", GC_COUNTS_NEITHER)                                              \
    /* every check passed, but none could have failed on this device (gc_ctx_unvalidated) */   \
    X(GC_UNVALIDATED, "UNVALIDATED", GC_COUNTS_NEITHER)

typedef enum {
#define GC_OUTCOME_ENUM_(e, s, c) e,
    GC_OUTCOME_LIST(GC_OUTCOME_ENUM_)
#undef GC_OUTCOME_ENUM_
    GC_OUTCOME_COUNT
} gc_outcome;

GC_API const char *gc_outcome_name(gc_outcome o); /* "PASS", "FAIL", ... */
GC_API gc_outcome gc_outcome_parse(const char *s); /* GC_OUTCOME_COUNT if unknown */
GC_API gc_outcome_class gc_outcome_class_of(gc_outcome o); /* an unknown outcome counts as failed */

typedef struct gc_test_ctx gc_test_ctx;
typedef struct gc_test gc_test;

struct gc_test {
    const char *suite;       /* "atomic_fence" */
    const char *name;        /* "local.release_acquire.work_group" */
    const char *tags;        /* comma-separated, e.g. "conformance,fence" */
    const char *description; /* one line */
    double budget_s;         /* time budget; 0 means the default (60 s) */
    uint64_t min_checks;     /* fewer checks exercised than this: INCONCLUSIVE (0: none) */
    /* The outcome the test is built to have: GC_PASS (0, the default) for a real test,
     * GC_FAIL for a mutant (kernels built with an injected bug, GC_FAULT_SITE in
     * gc_dialect.h) that the checks must catch. A mutant that FAILs is reported as PASS
     * with the reason "mutant caught: ..."; one that passes is reported as FAIL ("mutant
     * survived"); any other outcome (ERROR, CRASH, ...) stands as it is. */
    gc_outcome expect;
    const void *param;       /* the test's own parameters (parametrized tests) */

    /* NULL when the device has what the test needs, else the reason for SKIP
     * (e.g. "no fence capability seq_cst at system scope"). May be NULL. Called in the
     * runner's process, by the worker of the device (devices may run in parallel), never
     * at the same time as another test's: the reason may live in a static buffer until
     * the next call. */
    const char *(*requires)(const gc_test *t, const gc_device_info *info);
    gc_status (*setup)(gc_test_ctx *ctx);     /* may be NULL */
    gc_status (*run)(gc_test_ctx *ctx);       /* launches; outputs are canary-filled first */
    gc_status (*check)(gc_test_ctx *ctx);     /* compares with gc_check_*; for a benchmark,
                                                the validation against known answers */
    void (*teardown)(gc_test_ctx *ctx);       /* may be NULL; harness frees its own objects */

    /* Benchmarks only: one device-timed sample. `iteration` counts from 0 (warm-ups
     * included) so that inputs can rotate. *work is the amount of work done in the
     * benchmark's unit, for throughput. */
    gc_status (*sample)(gc_test_ctx *ctx, unsigned iteration, double *device_ms, double *work);
    const char *unit;        /* throughput unit, e.g. "mul/s", "proofs/s"; NULL: none */
    const char *baseline;    /* name of a benchmark of the same suite to report a ratio to */
};

/** Longest "suite.name" (bytes): longer names are refused at registration. */
#define GC_TEST_NAME_MAX 191
/** Register a test or benchmark (the struct is copied; its strings must live on).
 *  Returns 0, or -1 when it is refused (a full name longer than GC_TEST_NAME_MAX, empty,
 *  with control characters or spaces, or registered already): the refusal is printed and
 *  gc_main() then exits 2 instead of running anything. */
GC_API int gc_test_register(const gc_test *t);
/** Number of registrations refused so far. */
GC_API size_t gc_test_register_errors(void);
GC_API size_t gc_test_count(void);
GC_API const gc_test *gc_test_at(size_t i);
/** "suite.name" into buf. */
GC_API void gc_test_full_name(const gc_test *t, char *buf, size_t len);
/** Register every suite compiled into the library (idempotent). */
GC_API void gc_register_all_suites(void);
/** The gpucheck command line (devices, info, list, run, bench) over every registered
 *  test: the built-in suites plus whatever the caller registered before. Returns the
 *  exit status: 0 passed or skipped, 1 a test failed, 2 usage or set-up error. */
GC_API int gc_main(int argc, char **argv);
/** Whether gc_main() adds the built-in suites (default 1). A program with tests of its
 *  own calls gc_use_builtin_suites(0) before gc_main() so that `run` and `bench` (and
 *  `list`) see only its tests. */
GC_API void gc_use_builtin_suites(int use);
/** The name gc_main()'s usage, error messages and --version give the program (default:
 *  the basename of argv[0]), e.g. gc_set_program_name("vector_scale") before gc_main(). */
GC_API void gc_set_program_name(const char *name);

/* ---- test parameters: `--param SUITE.KEY=VALUE` on the command line ------------------
 * A suite declares the parameters it reads (at registration, beside its tests); the
 * command line refuses an undeclared key (listing the declared ones) and a value of the
 * wrong kind or out of range (exit 2) before any test runs. Values are parsed as every
 * number of the command line is: decimal (integers also 0x hex), no leading zero, no sign,
 * no trailing characters. */
typedef enum { GC_PARAM_UINT, GC_PARAM_REAL } gc_param_kind;
typedef struct {
    const char *suite;  /* "atomic_fence" */
    const char *key;    /* "rounds": letters, digits and '_' */
    gc_param_kind kind;
    double min, max;    /* inclusive range (integers exact up to 2^53) */
    const char *help;   /* one line */
} gc_param_def;
/** Declare a parameter (copied; its strings must live on). Returns 0, or -1 when refused
 *  (no suite, a key that is empty or not [A-Za-z0-9_], min > max, declared already): the
 *  refusal is printed and gc_main() then exits 2. */
GC_API int gc_param_register(const gc_param_def *def);

/* ---- inside a test -------------------------------------------------------------- */

GC_API gc_device *gc_ctx_device(gc_test_ctx *ctx);
GC_API const gc_device_info *gc_ctx_info(gc_test_ctx *ctx);
GC_API const gc_test *gc_ctx_test(gc_test_ctx *ctx);
/** The test's private state (set in setup, read in run/check/teardown). */
GC_API void *gc_ctx_state(gc_test_ctx *ctx);
GC_API void gc_ctx_set_state(gc_test_ctx *ctx, void *state);
/** Scale factor for work sizes (1.0 default; `--scale`), for quick or thorough runs. */
GC_API double gc_ctx_scale(gc_test_ctx *ctx);

/** The value of the parameter KEY of the test's own suite as given with --param, parsed
 *  as declared: 1 when given (*out set), 0 when not (*out untouched). Asking for a key the
 *  suite did not declare, or of the other kind, makes the test ERROR and returns 0. */
GC_API int gc_ctx_param_uint(gc_test_ctx *ctx, const char *key, uint64_t *out);
GC_API int gc_ctx_param_real(gc_test_ctx *ctx, const char *key, double *out);

/** Seeded generator, one per test, derived from the run's --seed and the test's name
 *  so that a test reproduces alone. */
GC_API uint64_t gc_ctx_rand_u64(gc_test_ctx *ctx);
GC_API uint32_t gc_ctx_rand_u32(gc_test_ctx *ctx);
GC_API void gc_ctx_rand_bytes(gc_test_ctx *ctx, void *dst, size_t n);
GC_API uint64_t gc_ctx_seed(gc_test_ctx *ctx);
GC_API uint8_t gc_ctx_canary(gc_test_ctx *ctx);

/** Device memory owned by the harness (freed after teardown). Outputs are filled
 *  with the canary before `run` (and again by gc_ctx_poison_outputs()). */
GC_API gc_status gc_ctx_alloc_output(gc_test_ctx *ctx, size_t bytes, gc_buffer **out);
GC_API gc_status gc_ctx_alloc_input(gc_test_ctx *ctx, size_t bytes, const void *init, gc_buffer **out);
GC_API gc_status gc_ctx_alloc(gc_test_ctx *ctx, size_t bytes, gc_mem_kind kind, gc_buffer **out);
GC_API gc_status gc_ctx_poison_outputs(gc_test_ctx *ctx);
/** Host memory owned by the harness (zeroed; freed after teardown). */
GC_API void *gc_ctx_malloc(gc_test_ctx *ctx, size_t bytes);

/** Build a module (owned by the harness) and get a kernel from it. A compile error
 *  returns GC_ERR_COMPILE and the compiler log goes into the test's ERROR report. */
GC_API gc_status gc_ctx_build(gc_test_ctx *ctx, const char *source_name, const char *const *defines,
                       size_t n_defines, gc_module **out);
GC_API gc_status gc_ctx_kernel(gc_test_ctx *ctx, const char *source_name, const char *const *defines,
                        size_t n_defines, const char *kernel_name, gc_kernel **out);
/** The same from kernel source text that is not embedded in the library (a user's own
 *  kernel, kept as a string in the program). `label` names the text in compiler logs;
 *  its `#include "kernels/gc_dialect.h"` (or of any other embedded source) is resolved
 *  from the library's embedded sources as for gc_ctx_build. */
GC_API gc_status gc_ctx_build_text(gc_test_ctx *ctx, const char *label, const char *text, const char *const *defines,
                            size_t n_defines, gc_module **out);
GC_API gc_status gc_ctx_kernel_text(gc_test_ctx *ctx, const char *label, const char *text, const char *const *defines,
                             size_t n_defines, const char *kernel_name, gc_kernel **out);
/** From the user's own files (gc_module_build_files: .cu CUDA C++, .cl OpenCL C, .gc
 *  the dialect; their #includes resolved from their folders and opt's include_dirs).
 *  opt may be NULL; --no-cache applies as for gc_ctx_build. A language the device cannot
 *  build returns GC_ERR_UNSUPPORTED: the test SKIPs with the reason. */
GC_API gc_status gc_ctx_build_files(gc_test_ctx *ctx, const char *const *paths, size_t n_paths,
                                    const gc_file_build_options *opt, gc_module **out);
GC_API gc_status gc_ctx_kernel_file(gc_test_ctx *ctx, const char *path, const gc_file_build_options *opt,
                                    const char *kernel_name, gc_kernel **out);
/** From a prebuilt binary file (gc_module_load_binary_file: CUBIN, PTX, fatbin on CUDA;
 *  SPIR-V, an OpenCL program binary on OpenCL; a format the device cannot load SKIPs). */
GC_API gc_status gc_ctx_kernel_binary_file(gc_test_ctx *ctx, const char *path, gc_binary_format format,
                                           const char *options, const char *kernel_name, gc_kernel **out);

/* ---- checks: known answers with a mandatory negative control ----------------------
 * Each returns 1 when the comparison passed (and its negative control failed as it
 * must), 0 otherwise; a failure is recorded (FAIL) with the first mismatches, their
 * indices, expected and got, and the mismatch count. Elements of `got` whose bytes
 * all equal the canary are reported as unwritten. `expected` is mangled and restored
 * in place, so it must be writable. */
GC_API int gc_check_bytes(gc_test_ctx *ctx, const char *label, void *expected, const void *got, size_t n);
GC_API int gc_check_u32(gc_test_ctx *ctx, const char *label, uint32_t *expected, const uint32_t *got, size_t n);
GC_API int gc_check_u64(gc_test_ctx *ctx, const char *label, uint64_t *expected, const uint64_t *got, size_t n);

/** Element equality for user types (e.g. field elements in redundant form). */
typedef int (*gc_eq_fn)(const void *expected, const void *got, size_t elem_size);
/** Writes a short text form of an element (for mismatch reports). May be NULL (hex). */
typedef void (*gc_fmt_fn)(const void *elem, size_t elem_size, char *buf, size_t len);
GC_API int gc_check_custom(gc_test_ctx *ctx, const char *label, void *expected, const void *got, size_t count,
                    size_t elem_size, gc_eq_fn eq, gc_fmt_fn fmt);

/** A property of observed data with no expected array (e.g. sub-group invariants).
 *  `validate` returns the number of violations and writes a description of the first
 *  into msg. The negative control: `mangle` corrupts a copy of the data in a way the
 *  validator must detect (variant 0..n_variants-1, each must be caught). */
typedef size_t (*gc_validate_fn)(const void *data, size_t n, const void *param, char *msg, size_t len);
typedef void (*gc_mangle_fn)(void *data, size_t n, const void *param, unsigned variant);
GC_API int gc_check_property(gc_test_ctx *ctx, const char *label, const void *data, size_t n, size_t elem_size,
                      const void *param, gc_validate_fn validate, gc_mangle_fn mangle,
                      unsigned n_variants);

/** Count exercised checks (compared against the test's min_checks). */
GC_API void gc_ctx_count_checks(gc_test_ctx *ctx, uint64_t n);
/** A key figure of the test, shown in the table and the reports. */
GC_API void gc_ctx_figure(gc_test_ctx *ctx, const char *name, double value, const char *unit);
/** Record a failure that is not a comparison (e.g. a forbidden outcome observed). */
GC_API void gc_ctx_fail(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Mark the test ERROR (e.g. generated code lacks an expected instruction). */
GC_API void gc_ctx_error(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** The test is a measurement, not a pass/fail test (e.g. how often a weakened twin shows
 *  its weak outcome): when its checks pass, its outcome is MEASURED, with this reason
 *  (what was measured), instead of PASS. A failed check still makes it FAIL. */
GC_API void gc_ctx_measured(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Every check passed, but none of them could have failed on this device (e.g. a fence
 *  test whose weakened twin never showed its weak outcome here): the outcome is
 *  UNVALIDATED, with this reason, instead of PASS. It counts neither as passed nor as
 *  failed. */
GC_API void gc_ctx_unvalidated(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** The check ran too few times somewhere (e.g. in one of several layouts), whatever the
 *  total: INCONCLUSIVE with this reason, unless something worse was recorded. */
GC_API void gc_ctx_inconclusive(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Skip at run time with a reason (return GC_ERR_UNSUPPORTED after calling it). */
GC_API void gc_ctx_skip(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Free-form detail, shown with -v and kept in the JSON report. */
GC_API void gc_ctx_note(gc_test_ctx *ctx, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Seconds since the test started (for tests that run until a budget is spent). */
GC_API double gc_ctx_elapsed(gc_test_ctx *ctx);
/** The test's budget in seconds after --timeout/--time-budget overrides. */
GC_API double gc_ctx_budget(gc_test_ctx *ctx);

/* ---- statistics (used for benchmarks, exposed for tests) ----------------------- */
typedef struct {
    size_t n;
    double median, min, max, q1, q3, iqr, rel_noise; /* rel_noise = iqr / median */
    double mean, stddev; /* sample standard deviation (n - 1 in the denominator; 0 for n < 2) */
    double cv;           /* coefficient of variation, stddev / mean (0 when the mean is not > 0) */
} gc_stats;
/** Sorts a copy; quartiles by linear interpolation between order statistics. */
GC_API void gc_stats_compute(const double *samples, size_t n, gc_stats *out);

/** Running mean and variance (Welford), for a loop that decides as samples arrive. */
typedef struct {
    size_t n;
    double mean, m2; /* m2: sum of squared deviations from the mean */
} gc_running_stats;
GC_API void gc_running_stats_add(gc_running_stats *s, double x);
/** stddev / mean of what was added (0 for fewer than 2 values or a mean not > 0). */
GC_API double gc_running_stats_cv(const gc_running_stats *s);

#ifdef __cplusplus
}
#endif
#endif
