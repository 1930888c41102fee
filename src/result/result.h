/* SPDX-License-Identifier: Apache-2.0 */
/* result.h — what a test or benchmark run produced; reports read only this. */
#ifndef GC_RESULT_H
#define GC_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_harness.h"

typedef struct {
    char name[64];
    double value;
    char unit[32];
} gc_figure;

#define GC_MAX_FIGURES 48

/* How a benchmark's sampling ended (the child says; result_io.c carries the name). */
#define GC_SAMPLE_STOP_LIST(X)                                                                 \
    X(GC_STOP_NONE, "none")                 /* no sampling (a test, or validation failed) */   \
    X(GC_STOP_SAMPLE_COUNT, "sample_count") /* --samples N taken */                           \
    X(GC_STOP_NOISE_TARGET, "noise_target") /* CV at or below --max-noise, >= --min-samples */ \
    X(GC_STOP_TIME_BUDGET, "time_budget")   /* --max-time or 80 % of the budget spent first */ \
    X(GC_STOP_SAMPLE_CAP, "sample_cap")     /* GC_NOISE_MAX_SAMPLES taken, target not met */
typedef enum {
#define GC_SAMPLE_STOP_ENUM_(e, s) e,
    GC_SAMPLE_STOP_LIST(GC_SAMPLE_STOP_ENUM_)
#undef GC_SAMPLE_STOP_ENUM_
    GC_SAMPLE_STOP_COUNT
} gc_sample_stop;
const char *gc_sample_stop_name(gc_sample_stop s);
gc_sample_stop gc_sample_stop_parse(const char *s); /* GC_SAMPLE_STOP_COUNT if unknown */

/* What the GPU's own counters said while a benchmark sampled (NVML, where present). */
typedef struct {
    int available;             /* readings were taken */
    char unavailable[160];     /* why not, when not ("" when there was no sampling) */
    unsigned readings;
    unsigned sm_clock_min_mhz, sm_clock_max_mhz;
    uint64_t throttle_reasons; /* NVML clock-event reason bits seen in any reading */
} gc_gpu_telemetry;

typedef struct {
    const gc_test *test;
    char full_name[GC_TEST_NAME_MAX + 1];
    int is_bench;
    gc_outcome outcome;
    char reason[1024];   /* skip reason, failure summary, error message */
    char *log;           /* details: mismatches, compiler log, notes, child output (malloc'd) */
    double seconds;      /* wall time of the whole test */
    uint64_t checks;     /* checks exercised */
    gc_figure figures[GC_MAX_FIGURES];
    unsigned n_figures;
    /* benchmarks */
    double *samples_ms;  /* malloc'd */
    unsigned n_samples;
    double work;         /* work per sample, in the test's unit */
    gc_stats stats;
    double ratio_to_baseline; /* median / baseline's median; 0 when none */
    /* where and which time it ran (a run may cover several devices and repetitions) */
    const gc_device_info *device;
    unsigned repetition;      /* 1..--repeat */
    char case_label[160];     /* the case of a --param sweep ("rounds=4"), "" when none */
    double started_s, finished_s; /* when the runner started and finished it, in seconds from the
                                     run's start (tests of several devices may overlap) */
    gc_sample_stop stopped_by;
    gc_gpu_telemetry telemetry;
} gc_result;

void gc_result_free(gc_result *r);
/** Append a line to r->log. */
void gc_result_log(gc_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/** Set r->reason; a reason too long for it ends in "[...]" rather than being cut silently. */
void gc_result_set_reason(gc_result *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void gc_result_add_figure(gc_result *r, const char *name, double value, const char *unit);

/* The result channel between the child process that ran the test and the runner
 * (result_io.c describes the lines). */
#define GC_RESULT_FD 3
#define GC_RESULT_TOKEN_ENV "GC_RESULT_TOKEN"
typedef struct {
    int complete;             /* a whole record, token, outcome and end */
    char error[256];          /* why not, when not */
    char cache_loading[4096]; /* the cached binary being loaded when the stream ended ("" none) */
} gc_result_stream;
int gc_result_write(int fd, const char *token, const gc_result *r);
/** `cache-loading PATH` before a cached binary goes to the driver, `cache-loaded` (PATH NULL) after. */
int gc_result_write_cache_load(int fd, const char *entry_path);
/** Parse what the child wrote; r->outcome is CRASH unless a complete record says otherwise.
 *  Returns st->complete. */
int gc_result_read(const char *text, size_t len, const char *token, gc_result *r, gc_result_stream *st);

/* How far a running benchmark's sampling is, as its child says while it runs (`progress`
 * lines before the record, for the terminal's progress line; never part of the result). */
typedef enum { GC_PROGRESS_NONE, GC_PROGRESS_WARMUP, GC_PROGRESS_SAMPLING } gc_progress_phase;
typedef struct {
    gc_progress_phase phase;    /* NONE: nothing said (a test, or a benchmark not sampling yet) */
    unsigned warmup_done, warmup_total;
    unsigned samples;           /* samples taken */
    double cv;                  /* their coefficient of variation (a fraction); < 0 unknown */
} gc_result_progress;
/** `progress warm-up DONE TOTAL` or `progress samples N CV` (CV `-` while unknown). */
int gc_result_write_progress(int fd, const gc_result_progress *pr);
/** Reads the progress lines of a stream as it grows: each call looks only at the complete
 *  lines added since the last (`scanned` bytes were read), keeps the latest well-formed
 *  progress in `now`, and stops at the record's `begin`. Malformed lines are skipped here;
 *  gc_result_read judges the whole stream. Start zeroed. */
typedef struct {
    gc_result_progress now;
    size_t scanned;
    int at_record;
} gc_result_progress_reader;
/** Returns 1 when `now` changed. */
int gc_result_progress_update(gc_result_progress_reader *rd, const char *text, size_t len);

/* The defaults of the run options, defined once (the parser, the runner and the help text
 * read them here). */
#define GC_DEFAULT_SEED 1
#define GC_DEFAULT_CANARY 0xAA
#define GC_DEFAULT_SCALE 1.0
#define GC_DEFAULT_WARMUP 3
/* The noise rule (a fixed --samples N turns it off): sample until the coefficient of
 * variation is at most GC_DEFAULT_MAX_NOISE after GC_DEFAULT_MIN_SAMPLES, for at most
 * GC_DEFAULT_MAX_TIME_S seconds (nvbench's defaults: 0.5 %, 10 samples, 15 s). */
#define GC_DEFAULT_MIN_SAMPLES 10
#define GC_DEFAULT_MAX_NOISE_PCT 0.5
#define GC_DEFAULT_MAX_TIME_S 15.0
#define GC_NOISE_MAX_SAMPLES 100000 /* the noise rule's cap */
#define GC_DEFAULT_BUDGET_S 60.0 /* a test's time budget when it names none */

#define GC_MAX_SELECT 64       /* --exclude, --tag options of one run */
#define GC_MAX_PARAMS 64       /* --param options of one run */
#define GC_MAX_RUN_DEVICES 64  /* devices of one run */

/** Whole-run parameters, recorded in every report. */
typedef struct {
    const char *command;     /* "run" or "bench" */
    const char *filter;      /* NULL: all */
    uint64_t seed;
    uint8_t canary;
    double scale;
    double timeout_s;        /* 0: each test's own budget */
    double time_budget_s;    /* 0: none */
    unsigned samples, warmup; /* samples 0: the noise rule */
    unsigned min_samples;     /* the noise rule's minimum */
    double max_noise;         /* the noise rule's target CV (a fraction: 0.005 is 0.5 %) */
    double max_time_s;        /* sampling time limit of one benchmark */
    int cold_cache;           /* flush the L2 cache before each sample */
    int no_fork, verbose, no_cache;
    const char *device_id;
    size_t device_index;
    const char *self_exe;    /* re-executed for each isolated test */
    const char *argv0;       /* for reproduction command lines */
    /* Selection beyond --filter (select.c): each entry may be a comma list. */
    const char *exclude[GC_MAX_SELECT]; /* --exclude PATTERN */
    size_t n_exclude;
    const char *tags[GC_MAX_SELECT];    /* --tag TAG (-TAG excludes) */
    size_t n_tags;
    const char *rerun_failed;           /* --rerun-failed OLD.json */
    const char *const *only_names;      /* the tests it names (loaded by the caller) */
    size_t n_only_names;
    unsigned repeat;                    /* runs of each selected test (1) */
    int fail_fast;                      /* -x: stop after the first test not PASS or SKIP */
    int serial_devices;                 /* --serial-devices: one device after another */
    const char *params[GC_MAX_PARAMS];  /* --param SUITE.KEY=VALUE, as given */
    size_t n_params;
    /* The devices of the run, in order (--device LIST or all); device_index and
     * device_id above are the one a test runs on. */
    size_t devices[GC_MAX_RUN_DEVICES];
    size_t n_devices;
} gc_run_options;

typedef struct {
    const gc_run_options *opt;
    const gc_device_info *device;
    gc_result *results;
    size_t n;            /* results so far: finished tests, and the one interrupted */
    size_t n_selected;   /* tests the filter selected (n < n_selected after an interrupt) */
    int interrupted_by;  /* the signal that stopped the run (SIGINT...), 0 if none */
    int stopped_by_fail_fast; /* -x: a test did not pass, the rest was not run */
    const gc_device_info *devices[GC_MAX_RUN_DEVICES]; /* every device of the run, in order */
    size_t n_devices;    /* device above is devices[0] */
    int devices_parallel; /* the devices ran their tests at the same time, a worker each */
    char devices_serial_reason[256]; /* why not, in a run over several devices ("" otherwise) */
    double seconds;
    char started_at[32]; /* ISO 8601 UTC */
    char host[256];      /* the machine's host name ("" if unknown) */
} gc_run_report;

/** Options at their defaults. */
void gc_run_options_init(gc_run_options *o);
/** A test's time budget under the options: --timeout, else its own, else the default. */
double gc_test_budget(const gc_test *t, const gc_run_options *o);

/** Counts by outcome; how many of them count as passed, failed or neither
 *  (gc_outcome_class_of); whether the run passed (no outcome that counts as failed). */
void gc_report_counts(const gc_run_report *rep, size_t counts[GC_OUTCOME_COUNT]);
size_t gc_report_count_class(const size_t counts[GC_OUTCOME_COUNT], gc_outcome_class c);
int gc_report_passed(const gc_run_report *rep);

#endif
