/* SPDX-License-Identifier: Apache-2.0 */
/* junit.c — the JUnit XML report (a testsuite per device, a testcase per test run). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "common/utf8.h"
#include "report/report.h"

/* XML 1.0 text: markup escaped, control characters (not allowed) as spaces, and bytes that
 * are not well-formed UTF-8 as U+FFFD. */
static void xml_text(FILE *f, const char *s) {
    while (s && *s) {
        unsigned char c = (unsigned char)*s;
        size_t n = gc_utf8_seq_len(s, SIZE_MAX);
        if (n == 0) {
            fputs("\xef\xbf\xbd", f);
            s++;
            continue;
        }
        if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '"') fputs("&quot;", f);
        else if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f) fputc(' ', f);
        else if (n == 3 && c == 0xEF && (unsigned char)s[1] == 0xBF && (unsigned char)s[2] >= 0xBE) fputs("\xef\xbf\xbd", f);
        else fwrite(s, 1, n, f);
        s += n;
    }
}

/* JUnit's "failure" (the test's own verdict) as opposed to its "error" (it could not judge). */
static int junit_is_failure(gc_outcome o) { return o == GC_FAIL || o == GC_BROKEN || o == GC_INCONCLUSIVE; }

/* Failures and errors as JUnit counts them, over the results of one device (NULL: all). */
static void junit_counts(const gc_run_report *rep, const gc_device_info *dev, size_t *tests, size_t *failures,
                         size_t *errors, size_t *skipped, double *seconds) {
    *tests = *failures = *errors = *skipped = 0;
    *seconds = 0;
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        if (dev && gc_result_device(rep, r) != dev) continue;
        ++*tests;
        *seconds += r->seconds;
        switch (gc_outcome_class_of(r->outcome)) {
        case GC_COUNTS_PASSED: break;
        case GC_COUNTS_NEITHER: ++*skipped; break; /* SKIP, MEASURED, UNVALIDATED */
        case GC_COUNTS_FAILED: ++*(junit_is_failure(r->outcome) ? failures : errors); break;
        }
    }
}

/* One <testsuite> per device of the run (named gpucheck.run, with [ID] after it when the
 * run had several devices), holding that device's test cases. */
static void junit_suite(FILE *f, const gc_run_report *rep, const gc_device_info *dev) {
    size_t tests, failures, errors, skipped;
    double seconds;
    junit_counts(rep, rep->n_devices > 1 ? dev : NULL, &tests, &failures, &errors, &skipped, &seconds);
    if (rep->n_devices <= 1) seconds = rep->seconds;
    fprintf(f, "  <testsuite name=\"gpucheck.");
    xml_text(f, rep->opt->command);
    if (rep->n_devices > 1) {
        fputc('[', f);
        xml_text(f, dev->id);
        fputc(']', f);
    }
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\" timestamp=\"%s\">\n",
            tests, failures, errors, skipped, seconds, rep->started_at);
    fprintf(f, "    <properties>\n      <property name=\"device\" value=\"");
    xml_text(f, dev->id);
    fprintf(f, "\"/>\n      <property name=\"device_name\" value=\"");
    xml_text(f, dev->name);
    fprintf(f, "\"/>\n      <property name=\"seed\" value=\"%llu\"/>\n    </properties>\n",
            (unsigned long long)rep->opt->seed);
    unsigned repeat = rep->opt->repeat > 1 ? rep->opt->repeat : 0;
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        if (rep->n_devices > 1 && gc_result_device(rep, r) != dev) continue;
        fprintf(f, "    <testcase classname=\"");
        xml_text(f, r->test->suite);
        fprintf(f, "\" name=\"");
        xml_text(f, r->test->name);
        if (r->case_label[0]) {
            fputs(" [", f);
            xml_text(f, r->case_label);
            fputc(']', f);
        }
        if (repeat) fprintf(f, " (run %u/%u)", r->repetition, repeat);
        fprintf(f, "\" time=\"%.3f\">", r->seconds);
        if (r->is_bench && r->n_samples) {
            /* A benchmark's figures as testcase properties (what JUnit consumers show). */
            const gc_stats *s = &r->stats;
            fprintf(f, "\n      <properties>\n");
            const struct {
                const char *name;
                double v;
            } props[] = {{"median_ms", s->median}, {"mean_ms", s->mean}, {"stddev_ms", s->stddev},
                         {"cv", s->cv},            {"min_ms", s->min},   {"max_ms", s->max},
                         {"iqr_ms", s->iqr},       {"samples", (double)s->n}};
            for (size_t k = 0; k < sizeof props / sizeof props[0]; k++)
                fprintf(f, "        <property name=\"%s\" value=\"%.9g\"/>\n", props[k].name, props[k].v);
            fprintf(f, "        <property name=\"stopped_by\" value=\"%s\"/>\n      </properties>\n    ",
                    gc_sample_stop_name(r->stopped_by));
        }
        const char *tag = NULL;
        switch (gc_outcome_class_of(r->outcome)) {
        case GC_COUNTS_PASSED: break;
        case GC_COUNTS_NEITHER: tag = "skipped"; break; /* JUnit's only "neither" */
        case GC_COUNTS_FAILED: tag = junit_is_failure(r->outcome) ? "failure" : "error"; break;
        }
        if (tag) {
            fprintf(f, "\n      <%s message=\"", tag);
            if (r->outcome != GC_SKIP && !strcmp(tag, "skipped")) fprintf(f, "%s: ", gc_outcome_name(r->outcome));
            xml_text(f, r->reason);
            fprintf(f, "\" type=\"%s\">", gc_outcome_name(r->outcome));
            xml_text(f, r->log);
            fprintf(f, "</%s>\n    ", tag);
        }
        fprintf(f, "</testcase>\n");
    }
    fprintf(f, "  </testsuite>\n");
}

void gc_report_junit(FILE *f, const gc_run_report *rep) {
    size_t tests, failures, errors, skipped;
    double seconds;
    junit_counts(rep, NULL, &tests, &failures, &errors, &skipped, &seconds);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"gpucheck\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
            tests, failures, errors, skipped, rep->seconds);
    if (rep->n_devices <= 1) junit_suite(f, rep, rep->device);
    for (size_t d = 0; rep->n_devices > 1 && d < rep->n_devices; d++) junit_suite(f, rep, rep->devices[d]);
    fprintf(f, "</testsuites>\n");
}
