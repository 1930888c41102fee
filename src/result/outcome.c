/* SPDX-License-Identifier: Apache-2.0 */
/* outcome.c — outcome names and result bookkeeping, and the full name a result carries. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result/result.h"

static const char *const outcome_names[] = {
#define GC_OUTCOME_NAME_(e, s, c) s,
    GC_OUTCOME_LIST(GC_OUTCOME_NAME_)
#undef GC_OUTCOME_NAME_
};

static const gc_outcome_class outcome_classes[] = {
#define GC_OUTCOME_CLASS_(e, s, c) c,
    GC_OUTCOME_LIST(GC_OUTCOME_CLASS_)
#undef GC_OUTCOME_CLASS_
};

const char *gc_outcome_name(gc_outcome o) {
    return (unsigned)o < GC_OUTCOME_COUNT ? outcome_names[o] : "UNKNOWN";
}

gc_outcome_class gc_outcome_class_of(gc_outcome o) {
    return (unsigned)o < GC_OUTCOME_COUNT ? outcome_classes[o] : GC_COUNTS_FAILED;
}

gc_outcome gc_outcome_parse(const char *s) {
    for (int i = 0; i < GC_OUTCOME_COUNT; i++)
        if (strcmp(s, outcome_names[i]) == 0) return (gc_outcome)i;
    return GC_OUTCOME_COUNT;
}

static const char *const stop_names[] = {
#define GC_SAMPLE_STOP_NAME_(e, s) s,
    GC_SAMPLE_STOP_LIST(GC_SAMPLE_STOP_NAME_)
#undef GC_SAMPLE_STOP_NAME_
};

const char *gc_sample_stop_name(gc_sample_stop s) {
    return (unsigned)s < GC_SAMPLE_STOP_COUNT ? stop_names[s] : "unknown";
}

gc_sample_stop gc_sample_stop_parse(const char *s) {
    for (int i = 0; i < GC_SAMPLE_STOP_COUNT; i++)
        if (strcmp(s, stop_names[i]) == 0) return (gc_sample_stop)i;
    return GC_SAMPLE_STOP_COUNT;
}

void gc_result_free(gc_result *r) {
    free(r->log);
    free(r->samples_ms);
    r->log = NULL;
    r->samples_ms = NULL;
}

/* Logs are kept whole up to GC_LOG_MAX; past it one line says that the rest was dropped. */
#define GC_LOG_MAX (4u << 20)

static char *vformat(const char *fmt, va_list ap, size_t *len) {
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    if (n < 0) return NULL;
    char *s = malloc((size_t)n + 1);
    if (s) vsnprintf(s, (size_t)n + 1, fmt, ap);
    *len = (size_t)n;
    return s;
}

void gc_result_log(gc_result *r, const char *fmt, ...) {
    static const char cut[] = "[log cut: more than 4 MiB; the rest of this test's details were dropped]";
    va_list ap;
    va_start(ap, fmt);
    size_t add = 0;
    char *line = vformat(fmt, ap, &add);
    va_end(ap);
    if (!line) return;
    size_t old = r->log ? strlen(r->log) : 0;
    if (old >= GC_LOG_MAX) {
        free(line);
        return;
    }
    if (old + add > GC_LOG_MAX) {
        free(line);
        line = strdup(cut);
        if (!line) return;
        add = strlen(line);
    }
    char *p = realloc(r->log, old + add + 2);
    if (p) {
        memcpy(p + old, line, add);
        p[old + add] = '\n';
        p[old + add + 1] = '\0';
        r->log = p;
    }
    free(line);
}

void gc_result_set_reason(gc_result *r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(r->reason, sizeof r->reason, fmt, ap);
    va_end(ap);
    if (n >= (int)sizeof r->reason) memcpy(r->reason + sizeof r->reason - 6, "[...]", 6);
}

void gc_result_add_figure(gc_result *r, const char *name, double value, const char *unit) {
    for (unsigned i = 0; i < r->n_figures; i++)
        if (strcmp(r->figures[i].name, name) == 0) {
            r->figures[i].value = value;
            return;
        }
    if (r->n_figures == GC_MAX_FIGURES) return;
    gc_figure *f = &r->figures[r->n_figures++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->value = value;
    snprintf(f->unit, sizeof f->unit, "%s", unit ? unit : "");
}

void gc_run_options_init(gc_run_options *o) {
    memset(o, 0, sizeof *o);
    o->seed = GC_DEFAULT_SEED;
    o->canary = GC_DEFAULT_CANARY;
    o->scale = GC_DEFAULT_SCALE;
    o->samples = 0; /* the noise rule */
    o->warmup = GC_DEFAULT_WARMUP;
    o->min_samples = GC_DEFAULT_MIN_SAMPLES;
    o->max_noise = GC_DEFAULT_MAX_NOISE_PCT / 100.0;
    o->max_time_s = GC_DEFAULT_MAX_TIME_S;
    o->argv0 = "gpucheck";
    o->repeat = 1;
}

double gc_test_budget(const gc_test *t, const gc_run_options *o) {
    return o->timeout_s > 0 ? o->timeout_s : (t->budget_s > 0 ? t->budget_s : GC_DEFAULT_BUDGET_S);
}

void gc_report_counts(const gc_run_report *rep, size_t counts[GC_OUTCOME_COUNT]) {
    memset(counts, 0, sizeof(size_t) * GC_OUTCOME_COUNT);
    for (size_t i = 0; i < rep->n; i++) counts[rep->results[i].outcome]++;
}

size_t gc_report_count_class(const size_t counts[GC_OUTCOME_COUNT], gc_outcome_class c) {
    size_t n = 0;
    for (int o = 0; o < GC_OUTCOME_COUNT; o++)
        if (outcome_classes[o] == c) n += counts[o];
    return n;
}

int gc_report_passed(const gc_run_report *rep) {
    for (size_t i = 0; i < rep->n; i++)
        if (gc_outcome_class_of(rep->results[i].outcome) == GC_COUNTS_FAILED) return 0;
    return 1;
}

void gc_test_full_name(const gc_test *t, char *buf, size_t len) { snprintf(buf, len, "%s.%s", t->suite, t->name); }
