/* junit.c — the JUnit XML report (one testsuite, a testcase per test). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "report/report.h"

/* XML 1.0 text: markup escaped, control characters (not allowed) as spaces, and bytes that
 * are not well-formed UTF-8 as U+FFFD. */
static void xml_text(FILE *f, const char *s) {
    while (s && *s) {
        unsigned char c = (unsigned char)*s;
        size_t n = gc_utf8_seq_len(s);
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

void gc_report_junit(FILE *f, const gc_run_report *rep) {
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    size_t failures = counts[GC_FAIL] + counts[GC_BROKEN] + counts[GC_INCONCLUSIVE];
    size_t errors = gc_report_count_class(counts, GC_COUNTS_FAILED) - failures;
    size_t skipped = gc_report_count_class(counts, GC_COUNTS_NEITHER); /* SKIP, MEASURED, UNVALIDATED */
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"gpucheck\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
            rep->n, failures, errors, skipped, rep->seconds);
    fprintf(f, "  <testsuite name=\"gpucheck.");
    xml_text(f, rep->opt->command);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\" timestamp=\"%s\">\n",
            rep->n, failures, errors, skipped, rep->seconds, rep->started_at);
    fprintf(f, "    <properties>\n      <property name=\"device\" value=\"");
    xml_text(f, rep->device->id);
    fprintf(f, "\"/>\n      <property name=\"device_name\" value=\"");
    xml_text(f, rep->device->name);
    fprintf(f, "\"/>\n      <property name=\"seed\" value=\"%llu\"/>\n    </properties>\n",
            (unsigned long long)rep->opt->seed);
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        fprintf(f, "    <testcase classname=\"");
        xml_text(f, r->test->suite);
        fprintf(f, "\" name=\"");
        xml_text(f, r->test->name);
        fprintf(f, "\" time=\"%.3f\">", r->seconds);
        const char *tag = NULL;
        switch (gc_outcome_class_of(r->outcome)) {
        case GC_COUNTS_PASSED: break;
        case GC_COUNTS_NEITHER: tag = "skipped"; break; /* JUnit's only "neither" */
        case GC_COUNTS_FAILED:
            tag = r->outcome == GC_FAIL || r->outcome == GC_BROKEN || r->outcome == GC_INCONCLUSIVE ? "failure" : "error";
            break;
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
    fprintf(f, "  </testsuite>\n</testsuites>\n");
}
