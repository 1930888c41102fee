/* SPDX-License-Identifier: Apache-2.0 */
/* compare.c — two runs side by side: a row per benchmark present in both (matched by its
 * full name; its figure is the time per sample in ms) with the medians, their ratio, the
 * Mann-Whitney p-value of the samples and a verdict; every test whose outcome changed; and
 * what only one run has. Printed for a terminal (100 columns) and as Markdown. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "report/report.h"

static const char *const verdict_names[] = {"same", "faster", "slower", "noisy"};

const char *gc_verdict_name(gc_verdict v) { return (unsigned)v < 4 ? verdict_names[v] : "unknown"; }

gc_verdict gc_compare_verdict(double old_median, double new_median, size_t n_old, size_t n_new, double p,
                              double threshold, double alpha) {
    double change = old_median > 0 ? new_median / old_median - 1 : (new_median > 0 ? INFINITY : 0);
    if (fabs(change) < threshold) return GC_VERDICT_SAME;
    if (n_old < GC_CMP_MIN_SAMPLES || n_new < GC_CMP_MIN_SAMPLES || !(p >= 0) || !(p < alpha))
        return GC_VERDICT_NOISY;
    return change > 0 ? GC_VERDICT_SLOWER : GC_VERDICT_FASTER;
}

static const gc_cmp_entry *find(const gc_cmp_run *run, const char *name) {
    for (size_t i = 0; i < run->n; i++)
        if (strcmp(run->entries[i].name, name) == 0) return &run->entries[i];
    return NULL;
}

static double median_of(const gc_cmp_entry *e) {
    gc_stats s;
    gc_stats_compute(e->samples, e->n_samples, &s);
    return s.median;
}

static int is_failure(gc_outcome o) { return gc_outcome_class_of(o) == GC_COUNTS_FAILED; }

void gc_comparison_free(gc_comparison *c) {
    free(c->rows);
    free(c->changes);
    free(c->only_old);
    free(c->only_new);
    memset(c, 0, sizeof *c);
}

int gc_compare_runs(const gc_cmp_run *old, const gc_cmp_run *new_run, double threshold, double alpha,
                    gc_comparison *out) {
    memset(out, 0, sizeof *out);
    out->threshold = threshold;
    out->alpha = alpha;
    size_t most = old->n + new_run->n + 1;
    out->rows = calloc(most, sizeof *out->rows);
    out->changes = calloc(most, sizeof *out->changes);
    out->only_old = calloc(most, sizeof *out->only_old);
    out->only_new = calloc(most, sizeof *out->only_new);
    if (!out->rows || !out->changes || !out->only_old || !out->only_new) goto oom;
    for (size_t i = 0; i < new_run->n; i++) {
        const gc_cmp_entry *n = &new_run->entries[i], *o = find(old, n->name);
        if (!o) {
            out->only_new[out->n_only_new++] = n->name;
            continue;
        }
        if (o->outcome != n->outcome) {
            gc_cmp_change *ch = &out->changes[out->n_changes++];
            ch->name = n->name;
            ch->old_outcome = o->outcome;
            ch->new_outcome = n->outcome;
            ch->regression = is_failure(n->outcome);
            out->regressions += (size_t)ch->regression;
        }
        if (!o->is_bench || !n->is_bench || !o->n_samples || !n->n_samples) continue;
        gc_cmp_row *row = &out->rows[out->n_rows++];
        row->name = n->name;
        row->old_median = median_of(o);
        row->new_median = median_of(n);
        row->ratio = row->old_median > 0 ? row->new_median / row->old_median : 0;
        row->n_old = o->n_samples;
        row->n_new = n->n_samples;
        gc_mann_whitney mw;
        row->p = -1;
        if (o->n_samples >= GC_CMP_MIN_SAMPLES && n->n_samples >= GC_CMP_MIN_SAMPLES) {
            if (!gc_mann_whitney_u(n->samples, n->n_samples, o->samples, o->n_samples, &mw)) goto oom;
            row->p = mw.p;
        }
        row->verdict = gc_compare_verdict(row->old_median, row->new_median, row->n_old, row->n_new, row->p,
                                          threshold, alpha);
        out->count[row->verdict]++;
    }
    for (size_t i = 0; i < old->n; i++)
        if (!find(new_run, old->entries[i].name)) out->only_old[out->n_only_old++] = old->entries[i].name;
    return 1;
oom:
    gc_comparison_free(out);
    return 0;
}

int gc_comparison_failed(const gc_comparison *c) { return c->count[GC_VERDICT_SLOWER] > 0 || c->regressions > 0; }

static void summary_line(FILE *f, const gc_comparison *c) {
    fprintf(f, "%zu slower, %zu faster, %zu same, %zu noisy; %zu outcome%s changed, %zu to a failure\n",
            c->count[GC_VERDICT_SLOWER], c->count[GC_VERDICT_FASTER], c->count[GC_VERDICT_SAME],
            c->count[GC_VERDICT_NOISY], c->n_changes, c->n_changes == 1 ? "" : "s", c->regressions);
}

static void run_line(FILE *f, const char *label, const char *path, const gc_cmp_run *r) {
    fprintf(f, "  %s %s\n       commit %.12s, %s, started %s\n", label, path, r->commit[0] ? r->commit : "unknown",
            r->device_id, r->started_at);
}

static void names_list(FILE *f, const char *title, const char **names, size_t n) {
    if (!n) return;
    fprintf(f, "\n%s (%zu):\n", title, n);
    for (size_t i = 0; i < n; i++) fprintf(f, "  %s\n", names[i]);
}

#define NAME_W 32

void gc_comparison_console(FILE *f, const char *old_path, const gc_cmp_run *old, const char *new_path,
                           const gc_cmp_run *new_run, const gc_comparison *c) {
    fprintf(f, "gpucheck compare\n");
    run_line(f, "old:", old_path, old);
    run_line(f, "new:", new_path, new_run);
    if (!gc_cmp_setting_differs(old, new_run, GC_CMP_DEVICE)) fprintf(f, "  device: %s\n", new_run->device_name);
    gc_cmp_settings_console(f, old, new_run);
    fprintf(f, "  verdict: slower/faster when the medians differ by %g%% or more and a two-sided\n"
               "  Mann-Whitney U test of the samples gives p < %g (both sides with %d samples or more)\n",
            100 * c->threshold, c->alpha, GC_CMP_MIN_SAMPLES);
    if (c->n_rows) {
        fprintf(f, "\n  %-*s %9s %9s %7s %8s %9s %9s  %s\n", NAME_W, "BENCHMARK", "old ms", "new ms", "ratio",
                "change", "p-value", "n old/new", "VERDICT");
        for (size_t i = 0; i < c->n_rows; i++) {
            const gc_cmp_row *r = &c->rows[i];
            if (strlen(r->name) > NAME_W) fprintf(f, "  %s\n  %-*s", r->name, NAME_W, "");
            else fprintf(f, "  %-*s", NAME_W, r->name);
            char p[16], n[24];
            if (r->p >= 0) snprintf(p, sizeof p, "%.3g", r->p);
            else snprintf(p, sizeof p, "-");
            snprintf(n, sizeof n, "%zu/%zu", r->n_old, r->n_new);
            fprintf(f, " %9.4g %9.4g %7.3f %+7.1f%% %9s %9s  %s\n", r->old_median, r->new_median, r->ratio,
                    100 * (r->ratio - 1), p, n, gc_verdict_name(r->verdict));
        }
    } else {
        fprintf(f, "\nno benchmark with samples in both runs\n");
    }
    if (c->n_changes) {
        fprintf(f, "\nOutcome changes (%zu):\n", c->n_changes);
        for (size_t i = 0; i < c->n_changes; i++) {
            const gc_cmp_change *ch = &c->changes[i];
            fprintf(f, "  %s: %s -> %s%s\n", ch->name, gc_outcome_name(ch->old_outcome),
                    gc_outcome_name(ch->new_outcome), ch->regression ? "  (now a failure)" : "");
        }
    }
    names_list(f, "Only in the old run", c->only_old, c->n_only_old);
    names_list(f, "Only in the new run", c->only_new, c->n_only_new);
    fputc('\n', f);
    summary_line(f, c);
}

static void md_names(FILE *f, const char *title, const char **names, size_t n) {
    if (!n) return;
    fprintf(f, "\n%s (%zu): ", title, n);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        gc_markdown_cell(f, names[i], 0);
    }
    fputc('\n', f);
}

void gc_comparison_markdown(FILE *f, const char *old_path, const gc_cmp_run *old, const char *new_path,
                            const gc_cmp_run *new_run, const gc_comparison *c) {
    fprintf(f, "### gpucheck compare: ");
    summary_line(f, c);
    fputs("\nOld: ", f);
    gc_markdown_cell(f, old_path, 0);
    fprintf(f, " (commit `%.12s`, ", old->commit[0] ? old->commit : "unknown");
    gc_markdown_cell(f, old->device_name, 0);
    fputs("); new: ", f);
    gc_markdown_cell(f, new_path, 0);
    fprintf(f, " (commit `%.12s`, ", new_run->commit[0] ? new_run->commit : "unknown");
    gc_markdown_cell(f, new_run->device_name, 0);
    fprintf(f, "). Slower or faster: medians %g%% or more apart and Mann-Whitney p < %g.\n", 100 * c->threshold,
            c->alpha);
    gc_cmp_settings_markdown(f, old, new_run);
    if (c->n_rows) {
        fprintf(f, "\n| benchmark | old median ms | new median ms | ratio | change | p-value | verdict |\n"
                   "|---|---:|---:|---:|---:|---:|---|\n");
        for (size_t i = 0; i < c->n_rows; i++) {
            const gc_cmp_row *r = &c->rows[i];
            fputs("| ", f);
            gc_markdown_cell(f, r->name, 0);
            fprintf(f, " | %.4g | %.4g | %.3f | %+.1f%% | ", r->old_median, r->new_median, r->ratio,
                    100 * (r->ratio - 1));
            if (r->p >= 0) fprintf(f, "%.3g", r->p);
            else fputs("-", f);
            const char *v = gc_verdict_name(r->verdict);
            fprintf(f, r->verdict == GC_VERDICT_SLOWER ? " | **%s** |\n" : " | %s |\n", v);
        }
    }
    if (c->n_changes) {
        fprintf(f, "\n| test | old | new |\n|---|---|---|\n");
        for (size_t i = 0; i < c->n_changes; i++) {
            const gc_cmp_change *ch = &c->changes[i];
            fputs("| ", f);
            gc_markdown_cell(f, ch->name, 0);
            fprintf(f, ch->regression ? " | %s | **%s** |\n" : " | %s | %s |\n", gc_outcome_name(ch->old_outcome),
                    gc_outcome_name(ch->new_outcome));
        }
    }
    md_names(f, "Only in the old run", c->only_old, c->n_only_old);
    md_names(f, "Only in the new run", c->only_new, c->n_only_new);
}
