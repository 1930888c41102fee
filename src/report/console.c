/* console.c — the human report: a table per suite, then what did not pass, then the
 * one-line summary that is always the last line. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"

const char *gc_signal_name(int sig) {
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

double gc_result_throughput(const gc_result *r) {
    return r->work > 0 && r->stats.median > 0 ? r->work / (r->stats.median / 1000.0) : 0;
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

static void bench_row(FILE *f, const gc_result *r) {
    const gc_stats *s = &r->stats;
    fprintf(f, "  %-12s %-44s %10.4f %10.4f %10.4f %8.4f %6.1f%%", gc_outcome_name(r->outcome), r->test->name, s->median,
            s->min, s->max, s->iqr, 100 * s->rel_noise);
    double tp = gc_result_throughput(r);
    if (tp > 0) fprintf(f, "  %.4g %s", tp, r->test->unit ? r->test->unit : "/s");
    if (r->ratio_to_baseline > 0) fprintf(f, "  x%.3g vs %s", r->ratio_to_baseline, r->test->baseline);
    fputc('\n', f);
}

void gc_console_begin(FILE *f, const gc_run_report *rep) {
    const gc_run_options *opt = rep->opt;
    fprintf(f, "gpucheck %s on %s (%s), seed %llu, canary 0x%02X\n", opt->command, rep->device->id, rep->device->name,
            (unsigned long long)opt->seed, opt->canary);
}

void gc_console_result(FILE *f, const gc_run_report *rep, size_t i, int verbose) {
    const gc_result *r = &rep->results[i];
    int bench = rep->opt->command && strcmp(rep->opt->command, "bench") == 0;
    if (i == 0 || strcmp(rep->results[i - 1].test->suite, r->test->suite) != 0) {
        fprintf(f, "\n%s\n", r->test->suite);
        if (bench)
            fprintf(f, "  %-12s %-44s %10s %10s %10s %8s %7s  %s\n", "OUTCOME", "BENCHMARK", "median ms", "min ms",
                    "max ms", "IQR ms", "noise", "throughput");
        else
            fprintf(f, "  %-12s %-52s %8s %12s  %s\n", "OUTCOME", "TEST", "time s", "checks", "key figures");
    }
    if (bench && r->n_samples) {
        bench_row(f, r);
    } else {
        char figs[1024];
        figures_text(r, figs, sizeof figs);
        fprintf(f, "  %-12s %-52s %8.2f %12llu  %s\n", gc_outcome_name(r->outcome), r->test->name, r->seconds,
                (unsigned long long)r->checks,
                r->outcome == GC_SKIP || r->test->expect != GC_PASS ? r->reason : figs);
    }
    if (verbose && r->log) fprintf(f, "%s", r->log);
}

void gc_console_end(FILE *f, const gc_run_report *rep, int verbose) {
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    size_t bad = gc_report_count_class(counts, GC_COUNTS_FAILED);
    if (bad || counts[GC_UNVALIDATED]) {
        fprintf(f, "\nNot passed:\n");
        for (size_t i = 0; i < rep->n; i++) {
            const gc_result *r = &rep->results[i];
            const int failed = gc_outcome_class_of(r->outcome) == GC_COUNTS_FAILED;
            if (!failed && r->outcome != GC_UNVALIDATED) continue;
            fprintf(f, "  %s %s: %s\n", gc_outcome_name(r->outcome), r->full_name, r->reason);
            if (failed && !verbose && r->log) fprintf(f, "%s", r->log);
        }
    }
    fprintf(f, "\n");
    if (rep->interrupted_by)
        fprintf(f, "interrupted by %s: %zu of %zu selected tests not run\n", gc_signal_name(rep->interrupted_by),
                rep->n_selected - rep->n, rep->n_selected);
    if (bad) {
        fprintf(f, "(");
        int first = 1;
        for (int o = 0; o < GC_OUTCOME_COUNT; o++)
            if (gc_outcome_class_of((gc_outcome)o) == GC_COUNTS_FAILED && counts[o])
                fprintf(f, "%s%zu %s", first ? "" : ", ", counts[o], gc_outcome_name((gc_outcome)o)), first = 0;
        fprintf(f, " counted as failed) in %.1f s\n", rep->seconds);
    }
    fprintf(f, "%zu passed, %zu failed, %zu skipped", counts[GC_PASS], bad, counts[GC_SKIP]);
    /* The other outcomes that count neither way, each named where it occurred. */
    for (int o = 0; o < GC_OUTCOME_COUNT; o++)
        if (o != GC_SKIP && gc_outcome_class_of((gc_outcome)o) == GC_COUNTS_NEITHER && counts[o]) {
            fprintf(f, ", %zu ", counts[o]);
            for (const char *p = gc_outcome_name((gc_outcome)o); *p; p++) fputc(*p >= 'A' && *p <= 'Z' ? *p + 32 : *p, f);
        }
    fputc('\n', f);
}

void gc_report_console(FILE *f, const gc_run_report *rep, int verbose) {
    gc_console_begin(f, rep);
    for (size_t i = 0; i < rep->n; i++) gc_console_result(f, rep, i, verbose);
    gc_console_end(f, rep, verbose);
}

void gc_tap_begin(FILE *f) { fprintf(f, "TAP version 14\n"); }

void gc_tap_result(FILE *f, const gc_run_report *rep, size_t i) {
    const gc_result *r = &rep->results[i];
    const gc_outcome_class c = gc_outcome_class_of(r->outcome);
    int ok = c != GC_COUNTS_FAILED;
    fprintf(f, "%s %zu - %s", ok ? "ok" : "not ok", i + 1, r->full_name);
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
}

void gc_report_tap(FILE *f, const gc_run_report *rep) {
    gc_tap_begin(f);
    for (size_t i = 0; i < rep->n; i++) gc_tap_result(f, rep, i);
    gc_tap_end(f, rep);
}
