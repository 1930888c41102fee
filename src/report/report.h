/* report.h — reports are pure functions of a run's results: console, JSON, JUnit XML,
 * TAP 14, CSV; and the device banner. None of them runs anything. */
#ifndef GC_REPORT_H
#define GC_REPORT_H

#include <stdio.h>

#include "harness/result.h"

void gc_report_console(FILE *f, const gc_run_report *rep, int verbose);
void gc_report_tap(FILE *f, const gc_run_report *rep);
/* Path "-" writes to stdout. Return 1 on success. */
int gc_report_json(const char *path, const gc_run_report *rep);
int gc_report_junit(const char *path, const gc_run_report *rep);
int gc_report_csv(const char *path, const gc_run_report *rep);

/** The device banner (what the FK20 benchmark's printHeader printed, and more). */
void gc_device_banner(FILE *f, const gc_device_info *d);
/** The same as one JSON object (no trailing newline). */
void gc_device_json(FILE *f, const gc_device_info *d);
/** JSON string literal with escapes; bytes that are not well-formed UTF-8 become U+FFFD. */
void gc_json_string(FILE *f, const char *s);
/** A JSON number; NaN and infinities (which JSON lacks) are null. */
void gc_json_num(FILE *f, double v);
/** Length (1-4) of the well-formed UTF-8 sequence at p, 0 when there is none (or at NUL). */
size_t gc_utf8_seq_len(const char *p);
/** Throughput of a benchmark in its unit per second (0 when it has none). */
double gc_result_throughput(const gc_result *r);

#endif
