/* SPDX-License-Identifier: Apache-2.0 */
/* markdown.c — the run as GitHub-flavoured Markdown, for a pull-request comment: a title
 * with the counts, the run's identity, what did not pass, the benchmarks, and every test
 * in a collapsed table. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "common/build_info.h"
#include "common/utf8.h"
#include "report/report.h"


void gc_markdown_cell(FILE *f, const char *s, size_t max_bytes) {
    size_t used = 0;
    while (s && *s) {
        size_t n = gc_utf8_seq_len(s, SIZE_MAX);
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
    if (gc_outcome_class_of(o) != GC_COUNTS_FAILED) fputs(gc_outcome_name(o), f);
    else fprintf(f, "**%s**", gc_outcome_name(o));
}

static void name_md(FILE *f, const gc_run_report *rep, const gc_result *r) {
    char label[GC_INFO_STR + GC_TEST_NAME_MAX + 32];
    gc_result_label(rep, r, label, sizeof label);
    gc_markdown_cell(f, label, 0);
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
        name_md(f, rep, r);
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
    size_t listed = gc_report_count_class(counts, GC_COUNTS_FAILED) + counts[GC_UNVALIDATED];
    fprintf(f, "### gpucheck %s: ", rep->opt->command);
    gc_report_print_counts(f, counts);
    fputs("\n\n", f);
    for (size_t d = 0; d < (rep->n_devices > 1 ? rep->n_devices : 1); d++) {
        const gc_device_info *dev = rep->n_devices > 1 ? rep->devices[d] : rep->device;
        fputs(d ? ", `" : rep->n_devices > 1 ? "Devices `" : "Device `", f);
        gc_markdown_cell(f, dev->id, 0);
        fputs("` (", f);
        gc_markdown_cell(f, dev->name, 0);
        fputs(")", f);
    }
    fprintf(f, ", seed %llu, commit `%.12s`, %.1f s, started %s.\n", (unsigned long long)rep->opt->seed, gc_build_commit,
            rep->seconds, rep->started_at);
    if (rep->interrupted_by)
        fprintf(f, "\n**Interrupted by %s**: %zu of %zu selected tests not run.\n", gc_signal_name(rep->interrupted_by),
                rep->n_selected - rep->n, rep->n_selected);
    if (listed) {
        fprintf(f, "\n#### Not passed\n\n| outcome | test | reason |\n|---|---|---|\n");
        for (size_t i = 0; i < rep->n; i++) {
            const gc_result *r = &rep->results[i];
            if (gc_outcome_class_of(r->outcome) != GC_COUNTS_FAILED && r->outcome != GC_UNVALIDATED) continue;
            fputs("| ", f);
            outcome_md(f, r->outcome);
            fputs(" | ", f);
            name_md(f, rep, r);
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
        name_md(f, rep, r);
        fprintf(f, " | %.2f | %llu | ", r->seconds, (unsigned long long)r->checks);
        gc_markdown_cell(f, r->outcome == GC_PASS && r->test->expect == GC_PASS ? "" : r->reason, 200);
        fputs(" |\n", f);
    }
    fprintf(f, "\n</details>\n");
}
