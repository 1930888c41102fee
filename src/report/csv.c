/* SPDX-License-Identifier: Apache-2.0 */
/* csv.c — the benchmark table as CSV (RFC 4180 quoting). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>

#include "report/report.h"

static void csv_field(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
    fputc('"', f);
}

void gc_report_csv(FILE *f, const gc_run_report *rep) {
    fprintf(f, "device,suite,name,outcome,samples,median_ms,min_ms,max_ms,q1_ms,q3_ms,iqr_ms,rel_noise,"
               "throughput_per_s,unit,baseline,ratio_to_baseline,mean_ms,stddev_ms,cv,stopped_by,case\n");
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        csv_field(f, gc_result_device(rep, r)->id);
        fputc(',', f);
        csv_field(f, r->test->suite);
        fputc(',', f);
        csv_field(f, r->test->name);
        fprintf(f, ",%s,%zu,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.6g,%.9g,", gc_outcome_name(r->outcome), r->stats.n,
                r->stats.median, r->stats.min, r->stats.max, r->stats.q1, r->stats.q3, r->stats.iqr, r->stats.rel_noise,
                gc_result_throughput(r));
        csv_field(f, r->test->unit ? r->test->unit : "");
        fputc(',', f);
        csv_field(f, r->test->baseline ? r->test->baseline : "");
        fprintf(f, ",%.6g,%.9g,%.9g,%.6g,%s,", r->ratio_to_baseline, r->stats.mean, r->stats.stddev, r->stats.cv,
                gc_sample_stop_name(r->stopped_by));
        csv_field(f, r->case_label);
        fputc('\n', f);
    }
}
