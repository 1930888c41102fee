/* SPDX-License-Identifier: Apache-2.0 */
/* report.h — reports are pure functions of a run's results: console, JSON, JUnit XML,
 * TAP 14, CSV; and the device banner. None of them runs anything. */
#ifndef GC_REPORT_H
#define GC_REPORT_H

#include <stdio.h>

#include "result/result.h"

/* Console flags: GC_CONSOLE_VERBOSE (each test's log, notes whole), GC_CONSOLE_COLOR
 * (outcomes in colour: the caller decides, from isatty and NO_COLOR). */
#define GC_CONSOLE_VERBOSE 1
#define GC_CONSOLE_COLOR 2
#define GC_CONSOLE_WIDTH 100 /* columns every line of the tables fits */
/* GC_CONSOLE_INTERLEAVED: rows of several devices as they finish, in any order: one table
 * whose rows start with their device's id, instead of a heading and tables per device. */
#define GC_CONSOLE_INTERLEAVED 4
/* GC_CONSOLE_QUIET (-q): no row per test; the not-passed list and the summary remain. */
#define GC_CONSOLE_QUIET 8
#define GC_CONSOLE_FIRST ((size_t)-1) /* gc_console_result's prev for the first row */
void gc_report_console(FILE *f, const gc_run_report *rep, int flags);
void gc_report_tap(FILE *f, const gc_run_report *rep);
/* The same in pieces, for a run that shows each test as it finishes: begin, then
 * result(i) for each i as it finishes, then end (the not-passed list and the summary).
 * prev: the result printed just before (headings come where device or suite change), or
 * GC_CONSOLE_FIRST. TAP: `number` is the test's place in the report (TAP's test number). */
void gc_console_begin(FILE *f, const gc_run_report *rep);
void gc_console_result(FILE *f, const gc_run_report *rep, size_t i, size_t prev, int flags);
void gc_console_end(FILE *f, const gc_run_report *rep, int flags);
void gc_tap_begin(FILE *f);
void gc_tap_result(FILE *f, const gc_run_report *rep, size_t i, size_t number);
void gc_tap_end(FILE *f, const gc_run_report *rep);
void gc_report_json(FILE *f, const gc_run_report *rep);
void gc_report_junit(FILE *f, const gc_run_report *rep);
void gc_report_csv(FILE *f, const gc_run_report *rep);
void gc_report_markdown(FILE *f, const gc_run_report *rep);
/** Text as one Markdown table cell: pipes, HTML and emphasis escaped, newlines as spaces,
 *  not UTF-8 as U+FFFD, cut after max_bytes (0: whole) with an ellipsis. */
void gc_markdown_cell(FILE *f, const char *s, size_t max_bytes);

/** The JSON report's layout version: raised when a field changes meaning or goes away. */
#define GC_REPORT_SCHEMA_VERSION 3

/* Report formats written to files (--json FILE, ...): formats.c holds the table. */
typedef struct {
    const char *name;   /* "JSON", for messages */
    const char *option; /* "--json" */
    int bench_only;     /* only `gpucheck bench` offers it */
    void (*write)(FILE *f, const gc_run_report *rep);
} gc_report_format;
#define GC_REPORT_FORMAT_COUNT 4
extern const gc_report_format gc_report_formats[GC_REPORT_FORMAT_COUNT];
/** Write a report to path ("-": stdout): whole or not at all (a temporary file renamed over
 *  the path; a FIFO or device written directly, a FIFO with no reader an error). Returns 1
 *  when everything was written, 0 with errno set otherwise. */
int gc_report_write_file(const gc_report_format *fmt, const char *path, const gc_run_report *rep);
/** The same for any writer: write(f, ctx) into path, whole or not at all. */
int gc_write_file_whole(const char *path, void (*write)(FILE *f, const void *ctx), const void *ctx);

/** The device banner (what the FK20 benchmark's printHeader printed, and more). */
void gc_device_banner(FILE *f, const gc_device_info *d);
/** The same as one JSON object (no trailing newline). */
void gc_device_json(FILE *f, const gc_device_info *d);
/** `gpucheck devices --json`: every device, the default's id, why a backend is unavailable. */
void gc_json_devices(FILE *f, size_t default_index);
/** `gpucheck list --json`: tests with the reason each would be skipped (NULL: it would run). */
typedef struct {
    const gc_test *test;
    const char *skip_reason;
} gc_test_listing;
void gc_json_test_list(FILE *f, const gc_test_listing *items, size_t n);
/** JSON string literal with escapes; bytes that are not well-formed UTF-8 become U+FFFD. */
void gc_json_string(FILE *f, const char *s);
/** A comma-separated tag string as a JSON array of its non-empty, trimmed tags. */
void gc_json_tags(FILE *f, const char *tags);
/** Did the benchmark stop before its count or its noise target (budget, time, cap)? */
int gc_result_stopped_early(const gc_result *r);
/** A JSON number; NaN and infinities (which JSON lacks) are null. */
void gc_json_num(FILE *f, double v);
/** `,"key":value`: an object's members after its first (json_value.c). */
void gc_json_num_member(FILE *f, const char *key, double v);
void gc_json_str_member(FILE *f, const char *key, const char *s);
/** "SIGINT", "SIGTERM", "SIGHUP" (the signals that stop a run). */
const char *gc_signal_name(int sig);
/** Throughput of a benchmark in its unit per second (0 when it has none). */
double gc_result_throughput(const gc_result *r);
/** "N passed, N failed, N skipped", then ", N measured" and the like for each other outcome
 *  that counts neither way, where it occurred (no newline): the summary line's words. */
void gc_report_print_counts(FILE *f, const size_t counts[GC_OUTCOME_COUNT]);
/** "suite.name", the device's id before it in a run over several devices, and " (run K/N)"
 *  after it when the run repeats each test (--repeat N). */
void gc_result_label(const gc_run_report *rep, const gc_result *r, char *buf, size_t len);
/** The device a result ran on (the run's device for a result made without one). */
const gc_device_info *gc_result_device(const gc_run_report *rep, const gc_result *r);
/** JSON report pieces for runs over several devices, repetitions and selections
 *  (json_run.c): `,"devices":[...],"selection":{...}` at the top level, and
 *  `,"device":ID,"repetition":K` in a result. */
void gc_json_run_scope(FILE *f, const gc_run_report *rep);
void gc_json_result_scope(FILE *f, const gc_run_report *rep, const gc_result *r);

#endif
