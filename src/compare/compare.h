/* SPDX-License-Identifier: Apache-2.0 */
/* compare.h — `gpucheck compare OLD.json NEW.json`: two run reports (JSON, this schema),
 * each benchmark present in both judged by its medians and a Mann-Whitney U test on its
 * samples, and each test whose outcome changed listed. */
#ifndef GC_COMPARE_H
#define GC_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "gpucheck/gc_harness.h"

/* ---- a run report as compare reads it (report_load.c) ---------------------------- */
typedef struct {
    char *name;        /* suite.name */
    gc_outcome outcome;
    int is_bench;
    double *samples;   /* samples_ms (benchmarks) */
    size_t n_samples;
    unsigned repeats;  /* results of this name merged into this entry (1 unless repeated) */
} gc_cmp_entry;

/* The settings compared between two runs (settings.c), each as text. */
enum { GC_CMP_SCALE, GC_CMP_SEED, GC_CMP_DEVICE, GC_CMP_BUILD, GC_CMP_COMMIT, GC_CMP_VERSION, GC_CMP_PARAMS,
       GC_CMP_SETTING_COUNT };

typedef struct {
    char *commit, *device_id, *device_name, *started_at, *command; /* "" when absent */
    char *setting[GC_CMP_SETTING_COUNT];
    gc_cmp_entry *entries;
    size_t n;
} gc_cmp_run;

/** Read a run report from bytes (pure: no file, no global). Results of the same name (a
 *  repeated test) become one entry: samples concatenated, the outcome the first that is
 *  not PASS. Returns 1, or 0 with the reason in err (not JSON, another schema_version, a
 *  field missing or of the wrong type). */
int gc_cmp_run_parse(const char *bytes, size_t len, gc_cmp_run *out, char *err, size_t err_len);
/** The same from a file (at most GC_CMP_MAX_FILE bytes). */
#define GC_CMP_MAX_FILE (512u << 20)
int gc_cmp_run_load(const char *path, gc_cmp_run *out, char *err, size_t err_len);
void gc_cmp_run_free(gc_cmp_run *run);

/* ---- the settings (settings.c) ---------------------------------------------------- */
/** Read the settings of a report's root object (a gc_json) into out->setting. 0: no memory. */
int gc_cmp_settings_read(const void *json_root, gc_cmp_run *out);
const char *gc_cmp_setting_name(int k); /* "scale", "seed", ... */
int gc_cmp_setting_differs(const gc_cmp_run *old, const gc_cmp_run *new_run, int k);
/** Every setting in which the runs differ, each with both values (or that none does). */
void gc_cmp_settings_console(FILE *f, const gc_cmp_run *old, const gc_cmp_run *new_run);
void gc_cmp_settings_markdown(FILE *f, const gc_cmp_run *old, const gc_cmp_run *new_run);

/* ---- the statistics (mann_whitney.c) ---------------------------------------------- */
typedef struct {
    double u;  /* U of the first sample: pairs (a, b) with a > b, ties counting 1/2 */
    double z;  /* standardized, with tie and continuity corrections */
    double p;  /* two-sided p-value by the normal approximation */
} gc_mann_whitney;
/** Mann-Whitney U test of a against b. Returns 1, or 0 when a side is empty or memory
 *  runs out. Every value tied: z = 0, p = 1. */
int gc_mann_whitney_u(const double *a, size_t na, const double *b, size_t nb, gc_mann_whitney *out);

/* ---- the verdicts (compare.c) ----------------------------------------------------- */
#define GC_CMP_DEFAULT_THRESHOLD_PCT 5.0
#define GC_CMP_DEFAULT_ALPHA 0.05
#define GC_CMP_MIN_SAMPLES 5 /* fewer on a side: too few for the test, never SLOWER/FASTER */

typedef enum { GC_VERDICT_SAME, GC_VERDICT_FASTER, GC_VERDICT_SLOWER, GC_VERDICT_NOISY } gc_verdict;
const char *gc_verdict_name(gc_verdict v); /* "same", "faster", "slower", "noisy" */
/** SAME when the medians differ by less than `threshold` (a fraction); else FASTER or
 *  SLOWER when both sides have GC_CMP_MIN_SAMPLES and p < alpha; else NOISY. */
gc_verdict gc_compare_verdict(double old_median, double new_median, size_t n_old, size_t n_new, double p,
                              double threshold, double alpha);

typedef struct {
    const char *name;
    double old_median, new_median, ratio, p; /* ratio new / old; p < 0: no test (too few) */
    size_t n_old, n_new;
    gc_verdict verdict;
} gc_cmp_row;

typedef struct {
    const char *name;
    gc_outcome old_outcome, new_outcome;
    int regression; /* the new outcome counts as failed (not PASS or SKIP) */
} gc_cmp_change;

typedef struct {
    double threshold, alpha;
    gc_cmp_row *rows;
    size_t n_rows;
    gc_cmp_change *changes;
    size_t n_changes;
    const char **only_old, **only_new;
    size_t n_only_old, n_only_new;
    size_t count[4];    /* rows per verdict */
    size_t regressions; /* changes to a failing outcome */
} gc_comparison;

/** Compare; the result points into old and new (free them after it). Returns 1, or 0 when
 *  out of memory. */
int gc_compare_runs(const gc_cmp_run *old, const gc_cmp_run *new_run, double threshold, double alpha,
                    gc_comparison *out);
void gc_comparison_free(gc_comparison *c);
/** Does the comparison fail a CI job (a benchmark SLOWER, or a change to a failure)? */
int gc_comparison_failed(const gc_comparison *c);
void gc_comparison_console(FILE *f, const char *old_path, const gc_cmp_run *old, const char *new_path,
                           const gc_cmp_run *new_run, const gc_comparison *c);
void gc_comparison_markdown(FILE *f, const char *old_path, const gc_cmp_run *old, const char *new_path,
                            const gc_cmp_run *new_run, const gc_comparison *c);

/** The command: argv[0] is "compare". Exit 0 no regression, 1 a regression, 2 bad input
 *  or usage, 3 runs of different --scale (refused without --allow-scale-change). */
#define GC_CMP_EXIT_SCALE 3
int gc_compare_command(int argc, char **argv);

#endif
