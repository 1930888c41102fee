/* markdown.c — the run as GitHub-flavoured Markdown, for a pull-request comment: a title
 * with the counts, the run's identity, what did not pass, the benchmarks, and every test
 * in a collapsed table. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

#ifndef GC_COMMIT
#define GC_COMMIT "unknown"
#endif

void gc_markdown_cell(FILE *f, const char *s, size_t max_bytes) {
    size_t used = 0;
    while (s && *s) {
        size_t n = gc_utf8_seq_len(s);
        if (max_bytes && used >= max_bytes) {
            fputs("…", f);
            return;
        }
        unsigned char c = (unsigned char)*s;
        if (n == 0) {
            fputs("\xef\xbf\xbd", f), s++, used++;
            continue;
        }
        /* A pipe ends the cell, a newline the table, and HTML would be rendered. */
        if (c == '|') fputs("\\|", f);
        else if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '\\' || c == '`' || c == '*' || c == '_' || c == '[' || c == ']') fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f) fputc(' ', f);
        else fwrite(s, 1, n, f);
        s += n;
        used += n;
    }
}

static void outcome_md(FILE *f, gc_outcome o) {
    if (o == GC_PASS || o == GC_SKIP) fputs(gc_outcome_name(o), f);
    else fprintf(f, "**%s**", gc_outcome_name(o));
}

static void bench_table(FILE *f, const gc_run_report *rep) {
    int any = 0;
    for (size_t i = 0; i < rep->n; i++) any |= rep->results[i].n_samples > 0;
    if (!any) return;
    fprintf(f, "\n| benchmark | outcome | median ms | mean ms | CV | samples | throughput | stopped by |\n"
               "|---|---|---:|---:|---:|---:|---:|---|\n");
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        if (!r->n_samples) continue;
        fputs("| ", f);
        gc_markdown_cell(f, r->full_name, 0);
        fputs(" | ", f);
        outcome_md(f, r->outcome);
        fprintf(f, " | %.4g | %.4g | %.2f%% | %zu | ", r->stats.median, r->stats.mean, 100 * r->stats.cv, r->stats.n);
        double tp = gc_result_throughput(r);
        if (tp > 0) {
            fprintf(f, "%.4g ", tp);
            gc_markdown_cell(f, r->test->unit ? r->test->unit : "/s", 0);
        }
        fprintf(f, " | %s%s |\n", gc_sample_stop_name(r->stopped_by), gc_result_stopped_early(r) ? " (early)" : "");
    }
}

void gc_report_markdown(FILE *f, const gc_run_report *rep) {
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    size_t bad = rep->n - counts[GC_PASS] - counts[GC_SKIP];
    fprintf(f, "### gpucheck %s: %zu passed, %zu failed, %zu skipped\n\n", rep->opt->command, counts[GC_PASS], bad,
            counts[GC_SKIP]);
    fputs("Device `", f);
    gc_markdown_cell(f, rep->device->id, 0);
    fputs("` (", f);
    gc_markdown_cell(f, rep->device->name, 0);
    fprintf(f, "), seed %llu, commit `%.12s`, %.1f s, started %s.\n", (unsigned long long)rep->opt->seed, GC_COMMIT,
            rep->seconds, rep->started_at);
    if (rep->interrupted_by)
        fprintf(f, "\n**Interrupted by %s**: %zu of %zu selected tests not run.\n", gc_signal_name(rep->interrupted_by),
                rep->n_selected - rep->n, rep->n_selected);
    if (bad) {
        fprintf(f, "\n#### Not passed\n\n| outcome | test | reason |\n|---|---|---|\n");
        for (size_t i = 0; i < rep->n; i++) {
            const gc_result *r = &rep->results[i];
            if (r->outcome == GC_PASS || r->outcome == GC_SKIP) continue;
            fputs("| ", f);
            outcome_md(f, r->outcome);
            fputs(" | ", f);
            gc_markdown_cell(f, r->full_name, 0);
            fputs(" | ", f);
            gc_markdown_cell(f, r->reason, 300);
            fputs(" |\n", f);
        }
    }
    bench_table(f, rep);
    fprintf(f, "\n<details><summary>All %zu results</summary>\n\n| outcome | test | time s | checks | note |\n"
               "|---|---|---:|---:|---|\n", rep->n);
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        fputs("| ", f);
        outcome_md(f, r->outcome);
        fputs(" | ", f);
        gc_markdown_cell(f, r->full_name, 0);
        fprintf(f, " | %.2f | %llu | ", r->seconds, (unsigned long long)r->checks);
        gc_markdown_cell(f, r->outcome == GC_PASS && r->test->expect == GC_PASS ? "" : r->reason, 200);
        fputs(" |\n", f);
    }
    fprintf(f, "\n</details>\n");
}
