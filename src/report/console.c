/* SPDX-License-Identifier: Apache-2.0 */
/* console.c — the human report: a table per suite, then what did not pass, then the
 * one-line summary that is always the last line. Lines fit GC_CONSOLE_WIDTH columns: a long
 * name gets a line of its own, a long note wraps below its row (whole with -v); colour
 * only when the caller asks (a terminal without NO_COLOR). */
#include <stdio.h>
#include <string.h>

#include "common/prog_name.h"
#include "report/report.h"

/* prefix name, " [KEY=V]" for a case of a --param sweep, and " (run K/N)" when the run
 * repeats each test */
static void name_with_run(const gc_run_report *rep, const gc_result *r, const char *prefix, const char *name,
                          char *buf, size_t len) {
    unsigned repeat = rep->opt && rep->opt->repeat > 1 ? rep->opt->repeat : 0;
    char run[48] = "", sweep_case[sizeof r->case_label + 3] = "";
    if (repeat) snprintf(run, sizeof run, " (run %u/%u)", r->repetition, repeat);
    if (r->case_label[0]) snprintf(sweep_case, sizeof sweep_case, " [%s]", r->case_label);
    snprintf(buf, len, "%s%s%s%s", prefix, name, sweep_case, run);
}

void gc_result_label(const gc_run_report *rep, const gc_result *r, char *buf, size_t len) {
    char prefix[GC_INFO_STR + 1] = "";
    if (rep->n_devices > 1) snprintf(prefix, sizeof prefix, "%s ", gc_result_device(rep, r)->id);
    name_with_run(rep, r, prefix, r->full_name, buf, len);
}

/* The test's name in its suite's table (under its suite's and device's headings; with its
 * device's id first where rows of several devices share the table). */
static void row_name(const gc_run_report *rep, const gc_result *r, int with_device, char *buf, size_t len) {
    char prefix[GC_INFO_STR + 1] = "";
    if (with_device) snprintf(prefix, sizeof prefix, "%s ", gc_result_device(rep, r)->id);
    name_with_run(rep, r, prefix, r->test->name, buf, len);
}

static void figures_text(const gc_result *r, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < r->n_figures && o + 1 < len; i++) {
        const gc_figure *f = &r->figures[i];
        int n = snprintf(buf + o, len - o, "%s%s=%.6g%s%s", o ? " " : "", f->name, f->value, f->unit[0] ? " " : "",
                         f->unit);
        if (n < 0) break;
        o += (size_t)n;
    }
}

/* Columns of text (UTF-8 continuation bytes take none). */
static size_t text_cols(const char *s, size_t n) {
    size_t c = 0;
    for (size_t i = 0; i < n && s[i]; i++) c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* Byte length of the longest prefix of s (up to n bytes) that takes at most `cols` columns. */
static size_t cols_prefix(const char *s, size_t n, size_t cols) {
    size_t i = 0, c = 0;
    while (i < n && s[i]) {
        if (((unsigned char)s[i] & 0xC0) != 0x80) {
            if (c == cols) break;
            c++;
        }
        i++;
    }
    return i;
}

/* Text word-wrapped to GC_CONSOLE_WIDTH: the first line starts at column `col` (where
 * the caller's row left off), the others at `indent`. At most `max_lines` lines (0: all);
 * what is cut ends in "[... -v]". Newlines in the text start new lines. */
static void wrap_text(FILE *f, size_t col, size_t indent, const char *text, unsigned max_lines) {
    unsigned lines = 0;
    const char *p = text;
    while (*p) {
        size_t room = GC_CONSOLE_WIDTH > col ? GC_CONSOLE_WIDTH - col : 1;
        size_t len = strcspn(p, "\n");
        size_t take = cols_prefix(p, len, room);
        if (take < len) { /* break at the last space that fits, if any */
            size_t sp = take;
            while (sp > 0 && p[sp] != ' ') sp--;
            if (sp > 0) take = sp;
        }
        if (max_lines && lines + 1 == max_lines && (p[take] != '\0')) {
            static const char more[] = " [... -v]";
            size_t fit = cols_prefix(p, len, room > sizeof more ? room - (sizeof more - 1) : 0);
            fprintf(f, "%.*s%s\n", (int)fit, p, more);
            return;
        }
        fprintf(f, "%.*s\n", (int)take, p);
        lines++;
        p += take;
        while (*p == ' ') p++;
        if (*p == '\n') p++;
        if (*p) fprintf(f, "%*s", (int)indent, "");
        col = indent;
    }
    if (lines == 0) fputc('\n', f);
}

/* The outcome word, padded to its column, in colour when asked. */
static void outcome_cell(FILE *f, gc_outcome o, int flags) {
    const char *name = gc_outcome_name(o);
    if (!(flags & GC_CONSOLE_COLOR)) {
        fprintf(f, "%-12s", name);
        return;
    }
    gc_outcome_class c = gc_outcome_class_of(o);
    const char *sgr = c == GC_COUNTS_PASSED ? "32" : c == GC_COUNTS_NEITHER ? "33" : "1;31";
    fprintf(f, "\033[%sm%s\033[0m%*s", sgr, name, (int)(12 - strlen(name)), "");
}

/* A name longer than its column gets a line of its own (wrapped); the row then follows
 * with the column empty. */
static void name_cell(FILE *f, const char *name, int width) {
    size_t n = strlen(name);
    if (text_cols(name, n) <= (size_t)width) {
        fprintf(f, " %s%*s", name, (int)(width - text_cols(name, n)), "");
        return;
    }
    fputc(' ', f);
    wrap_text(f, 15, 15, name, 0);
    fprintf(f, "%*s", 15 + width, "");
}

#define BENCH_NAME_W 25
#define TEST_NAME_W 36

static void bench_row(FILE *f, const gc_run_report *rep, const gc_result *r, const char *name, int flags) {
    const gc_stats *s = &r->stats;
    fputs("  ", f);
    outcome_cell(f, r->outcome, flags);
    name_cell(f, name, BENCH_NAME_W);
    fprintf(f, " %9.4g %9.4g %9.4g %9.4g %9.4g %8.2f%%\n", s->median, s->min, s->max, s->mean, s->stddev, 100 * s->cv);
    char more[1024];
    size_t o = (size_t)snprintf(more, sizeof more, "IQR %.4g ms (noise %.1f%%), %zu samples", s->iqr,
                                100 * s->rel_noise, s->n);
    double tp = gc_result_throughput(r);
    if (tp > 0 && o < sizeof more) {
        const char *unit = r->test->unit ? r->test->unit : "/s";
        o += (size_t)snprintf(more + o, sizeof more - o, ", %.4g %s", tp, unit);
        /* "blobs/s" also as "ms per blob": the time of one unit of work */
        size_t ul = strlen(unit);
        if (ul > 3 && strcmp(unit + ul - 2, "/s") == 0 && unit[ul - 3] == 's' && o < sizeof more)
            o += (size_t)snprintf(more + o, sizeof more - o, " (%.4g ms per %.*s)", 1000.0 / tp, (int)(ul - 3), unit);
    }
    if (r->ratio_to_baseline > 0 && o < sizeof more)
        o += (size_t)snprintf(more + o, sizeof more - o, ", x%.3g vs %s", r->ratio_to_baseline, r->test->baseline);
    const gc_gpu_telemetry *tm = &r->telemetry;
    if (tm->available && o < sizeof more)
        o += (size_t)snprintf(more + o, sizeof more - o, ", SM clock %u-%u MHz%s", tm->sm_clock_min_mhz,
                              tm->sm_clock_max_mhz, tm->throttle_reasons ? ", throttled (see the JSON)" : "");
    fputs("      ", f);
    wrap_text(f, 6, 6, more, 0);
    if (gc_result_stopped_early(r)) {
        const gc_run_options *opt = rep->opt;
        char why[512];
        if (r->stopped_by == GC_STOP_SAMPLE_CAP)
            snprintf(why, sizeof why, "stopped early at the cap of %d samples: CV %.2f%% above the %.2f%% target",
                     GC_NOISE_MAX_SAMPLES, 100 * s->cv, 100 * opt->max_noise);
        else if (opt->samples)
            snprintf(why, sizeof why, "stopped early by the time budget after %zu of %u samples", s->n, opt->samples);
        else
            snprintf(why, sizeof why, "stopped early by the time limit (--max-time %g s, or 80%% of the budget): "
                     "CV %.2f%% above the %.2f%% target", opt->max_time_s, 100 * s->cv, 100 * opt->max_noise);
        fputs("      ", f);
        wrap_text(f, 6, 6, why, 0);
    }
}

void gc_console_begin(FILE *f, const gc_run_report *rep) {
    const gc_run_options *opt = rep->opt;
    if (rep->n_devices > 1) {
        fprintf(f, "%s %s on %zu devices, %s, seed %llu, canary 0x%02X:\n", gc_prog_name(), opt->command, rep->n_devices,
                rep->devices_parallel ? "in parallel" : "one after another", (unsigned long long)opt->seed,
                opt->canary);
        for (size_t d = 0; d < rep->n_devices; d++) fprintf(f, "  %s (%s)\n", rep->devices[d]->id, rep->devices[d]->name);
        char how[512];
        if (rep->devices_parallel)
            snprintf(how, sizeof how, "each device runs its tests in turn, all devices at once; a row comes as its "
                                      "test finishes (--serial-devices: one device after another)");
        else
            snprintf(how, sizeof how, "one device after another: %s", rep->devices_serial_reason);
        fputs("  ", f);
        wrap_text(f, 2, 2, how, 0);
        return;
    }
    char head[1024];
    snprintf(head, sizeof head, "%s %s on %s (%s), seed %llu, canary 0x%02X", gc_prog_name(), opt->command, rep->device->id,
             rep->device->name, (unsigned long long)opt->seed, opt->canary);
    wrap_text(f, 0, 2, head, 0);
}

void gc_console_result(FILE *f, const gc_run_report *rep, size_t i, size_t prev, int flags) {
    if (flags & GC_CONSOLE_QUIET) return;
    const gc_result *r = &rep->results[i];
    const gc_result *before = prev == GC_CONSOLE_FIRST ? NULL : &rep->results[prev];
    int bench = rep->opt->command && strcmp(rep->opt->command, "bench") == 0;
    int verbose = flags & GC_CONSOLE_VERBOSE;
    /* Several devices: each gets its own tables under its own heading; or, as devices in
     * parallel finish their tests, one table whose rows name their device. */
    int interleaved = rep->n_devices > 1 && (flags & GC_CONSOLE_INTERLEAVED);
    int new_device = rep->n_devices > 1 && !interleaved && (!before || before->device != r->device);
    if (new_device) fprintf(f, "\n=== %s (%s)\n", gc_result_device(rep, r)->id, gc_result_device(rep, r)->name);
    if (new_device || !before || strcmp(before->test->suite, r->test->suite) != 0) {
        fprintf(f, "\n%s\n", r->test->suite);
        if (bench)
            fprintf(f, "  %-12s %-*s %9s %9s %9s %9s %9s %9s\n", "OUTCOME", BENCH_NAME_W, "BENCHMARK", "median ms",
                    "min ms", "max ms", "mean ms", "stddev ms", "CV");
        else
            fprintf(f, "  %-12s %-*s %8s %10s  %s\n", "OUTCOME", TEST_NAME_W, "TEST", "time s", "checks",
                    "key figures");
    }
    char name[GC_INFO_STR + GC_TEST_NAME_MAX + 32];
    row_name(rep, r, interleaved, name, sizeof name);
    if (bench && r->n_samples) {
        bench_row(f, rep, r, name, flags);
    } else {
        char figs[1024];
        figures_text(r, figs, sizeof figs);
        const char *note = r->outcome == GC_SKIP || r->outcome == GC_UNVALIDATED || r->test->expect != GC_PASS || (bench && r->reason[0]) ? r->reason
                                                                                                        : figs;
        fputs("  ", f);
        outcome_cell(f, r->outcome, flags);
        name_cell(f, name, TEST_NAME_W);
        fprintf(f, " %8.2f %10llu", r->seconds, (unsigned long long)r->checks);
        /* The note after the row when it fits, else below it, wrapped (3 lines without -v). */
        size_t col = 2 + 12 + 1 + TEST_NAME_W + 1 + 8 + 1 + 10;
        if (!*note) {
            fputc('\n', f);
        } else if (col + 2 + text_cols(note, strlen(note)) <= GC_CONSOLE_WIDTH && !strchr(note, '\n')) {
            fprintf(f, "  %s\n", note);
        } else {
            fputs("\n      ", f);
            wrap_text(f, 6, 6, note, verbose ? 0 : 3);
        }
    }
    if (verbose && r->log) fprintf(f, "%s", r->log);
}

void gc_report_print_counts(FILE *f, const size_t counts[GC_OUTCOME_COUNT]) {
    fprintf(f, "%zu passed, %zu failed, %zu skipped", counts[GC_PASS], gc_report_count_class(counts, GC_COUNTS_FAILED),
            counts[GC_SKIP]);
    for (int o = 0; o < GC_OUTCOME_COUNT; o++)
        if (o != GC_SKIP && gc_outcome_class_of((gc_outcome)o) == GC_COUNTS_NEITHER && counts[o]) {
            fprintf(f, ", %zu ", counts[o]);
            for (const char *p = gc_outcome_name((gc_outcome)o); *p; p++) fputc(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p, f);
        }
}

void gc_console_end(FILE *f, const gc_run_report *rep, int flags) {
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    size_t bad = gc_report_count_class(counts, GC_COUNTS_FAILED);
    if (bad || counts[GC_UNVALIDATED]) {
        fprintf(f, "\nNot passed:\n");
        for (size_t i = 0; i < rep->n; i++) {
            const gc_result *r = &rep->results[i];
            const int failed = gc_outcome_class_of(r->outcome) == GC_COUNTS_FAILED;
            if (!failed && r->outcome != GC_UNVALIDATED) continue;
            char label[GC_INFO_STR + GC_TEST_NAME_MAX + 32];
            gc_result_label(rep, r, label, sizeof label);
            /* One line each, unwrapped: below the tables, for grep (the log follows as it is). */
            if (failed && (flags & GC_CONSOLE_COLOR)) fprintf(f, "  \033[1;31m%s\033[0m", gc_outcome_name(r->outcome));
            else fprintf(f, "  %s", gc_outcome_name(r->outcome));
            fprintf(f, " %s: %s\n", label, r->reason);
            if (failed && !(flags & GC_CONSOLE_VERBOSE) && r->log) fprintf(f, "%s", r->log);
        }
    }
    fprintf(f, "\n");
    if (rep->interrupted_by)
        fprintf(f, "interrupted by %s: %zu of %zu selected tests not run\n", gc_signal_name(rep->interrupted_by),
                rep->n_selected - rep->n, rep->n_selected);
    if (rep->stopped_by_fail_fast)
        fprintf(f, "stopped after the first test that did not pass (-x): %zu of %zu selected tests not run\n",
                rep->n_selected - rep->n, rep->n_selected);
    /* Several devices: a summary line each, above the run's. */
    for (size_t d = 0; rep->n_devices > 1 && d < rep->n_devices; d++) {
        size_t dc[GC_OUTCOME_COUNT] = {0}, ran = 0;
        for (size_t i = 0; i < rep->n; i++)
            if (rep->results[i].device == rep->devices[d]) dc[rep->results[i].outcome]++, ran++;
        fprintf(f, "%s: ", rep->devices[d]->id);
        gc_report_print_counts(f, dc);
        fprintf(f, "%s\n", ran ? "" : " (not reached)");
    }
    if (bad) {
        fprintf(f, "(");
        int first = 1;
        for (int o = 0; o < GC_OUTCOME_COUNT; o++)
            if (gc_outcome_class_of((gc_outcome)o) == GC_COUNTS_FAILED && counts[o])
                fprintf(f, "%s%zu %s", first ? "" : ", ", counts[o], gc_outcome_name((gc_outcome)o)), first = 0;
        fprintf(f, " counted as failed) in %.1f s\n", rep->seconds);
    }
    gc_report_print_counts(f, counts);
    fputc('\n', f);
}

void gc_report_console(FILE *f, const gc_run_report *rep, int flags) {
    gc_console_begin(f, rep);
    for (size_t i = 0; i < rep->n; i++) gc_console_result(f, rep, i, i ? i - 1 : GC_CONSOLE_FIRST, flags);
    gc_console_end(f, rep, flags);
}

void gc_tap_begin(FILE *f) { fprintf(f, "TAP version 14\n"); }

void gc_tap_result(FILE *f, const gc_run_report *rep, size_t i, size_t number) {
    const gc_result *r = &rep->results[i];
    const gc_outcome_class c = gc_outcome_class_of(r->outcome);
    int ok = c != GC_COUNTS_FAILED;
    char label[GC_INFO_STR + GC_TEST_NAME_MAX + 32];
    gc_result_label(rep, r, label, sizeof label);
    fprintf(f, "%s %zu - %s", ok ? "ok" : "not ok", number, label);
    if (c == GC_COUNTS_NEITHER) {
        /* TAP's only directive for "not a pass, not a failure"; the outcome is named
         * where it is not SKIP itself (MEASURED, UNVALIDATED). */
        fprintf(f, " # SKIP ");
        if (r->outcome != GC_SKIP) fprintf(f, "%s: ", gc_outcome_name(r->outcome));
        for (const char *p = r->reason; *p; p++) fputc(*p == '\n' || *p == '#' ? ' ' : *p, f);
    }
    fputc('\n', f);
    if (!ok) {
        /* A YAML diagnostic block, as TAP 14 specifies. */
        fprintf(f, "  ---\n  outcome: %s\n  message: ", gc_outcome_name(r->outcome));
        gc_json_string(f, r->reason); /* a JSON string is a valid YAML double-quoted scalar */
        fprintf(f, "\n  ...\n");
    }
}

/* The plan comes last (TAP allows it), so that results can stream as they finish. */
void gc_tap_end(FILE *f, const gc_run_report *rep) {
    fprintf(f, "1..%zu\n", rep->n);
    if (rep->interrupted_by) fprintf(f, "Bail out! interrupted by %s\n", gc_signal_name(rep->interrupted_by));
    else if (rep->stopped_by_fail_fast)
        fprintf(f, "# stopped after the first test that did not pass (-x): %zu of %zu not run\n", rep->n_selected - rep->n,
                rep->n_selected);
}

void gc_report_tap(FILE *f, const gc_run_report *rep) {
    gc_tap_begin(f);
    for (size_t i = 0; i < rep->n; i++) gc_tap_result(f, rep, i, i + 1);
    gc_tap_end(f, rep);
}
