/* files.c — the machine-readable reports: JSON, JUnit XML, CSV. */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

static FILE *open_out(const char *path) { return strcmp(path, "-") == 0 ? stdout : fopen(path, "w"); }
static int close_out(FILE *f) { return f == stdout ? fflush(f) == 0 : fclose(f) == 0; }

/* JSON has no NaN or infinity: print null for them. */
static void json_num(FILE *f, double v) {
    if (v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.9g", v);
}

int gc_report_json(const char *path, const gc_run_report *rep) {
    FILE *f = open_out(path);
    if (!f) return 0;
    const gc_run_options *o = rep->opt;
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    fprintf(f, "{\"gpucheck_version\":\"%s\",\"command\":", GC_VERSION);
    gc_json_string(f, o->command);
    fprintf(f, ",\"started_at\":\"%s\",\"seconds\":", rep->started_at);
    json_num(f, rep->seconds);
    fprintf(f, ",\"seed\":%llu,\"parameters\":{\"filter\":", (unsigned long long)o->seed);
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"canary\":%u,\"scale\":", o->canary);
    json_num(f, o->scale);
    fprintf(f, ",\"timeout_s\":");
    json_num(f, o->timeout_s);
    fprintf(f, ",\"time_budget_s\":");
    json_num(f, o->time_budget_s);
    fprintf(f, ",\"samples\":%u,\"warmup\":%u,\"isolated\":%s,\"cache\":%s},\"device\":", o->samples, o->warmup,
            o->no_fork ? "false" : "true", o->no_cache ? "false" : "true");
    gc_device_json(f, rep->device);
    fprintf(f, ",\"summary\":{\"passed\":%zu,\"failed\":%zu,\"skipped\":%zu", counts[GC_PASS],
            rep->n - counts[GC_PASS] - counts[GC_SKIP], counts[GC_SKIP]);
    for (int k = 0; k < GC_OUTCOME_COUNT; k++) fprintf(f, ",\"%s\":%zu", gc_outcome_name((gc_outcome)k), counts[k]);
    fprintf(f, "},\"results\":[");
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        fprintf(f, "%s\n{\"name\":", i ? "," : "");
        gc_json_string(f, r->full_name);
        fprintf(f, ",\"suite\":");
        gc_json_string(f, r->test->suite);
        fprintf(f, ",\"test\":");
        gc_json_string(f, r->test->name);
        fprintf(f, ",\"tags\":");
        gc_json_string(f, r->test->tags ? r->test->tags : "");
        fprintf(f, ",\"kind\":\"%s\",\"outcome\":\"%s\",\"reason\":", r->is_bench ? "benchmark" : "test",
                gc_outcome_name(r->outcome));
        gc_json_string(f, r->reason);
        fprintf(f, ",\"seconds\":");
        json_num(f, r->seconds);
        fprintf(f, ",\"checks\":%llu,\"min_checks\":%llu,\"figures\":[", (unsigned long long)r->checks,
                (unsigned long long)r->test->min_checks);
        for (unsigned k = 0; k < r->n_figures; k++) {
            fprintf(f, "%s{\"name\":", k ? "," : "");
            gc_json_string(f, r->figures[k].name);
            fprintf(f, ",\"value\":");
            json_num(f, r->figures[k].value);
            fprintf(f, ",\"unit\":");
            gc_json_string(f, r->figures[k].unit);
            fputc('}', f);
        }
        fputc(']', f);
        if (r->is_bench) {
            fprintf(f, ",\"unit\":");
            gc_json_string(f, r->test->unit ? r->test->unit : "");
            fprintf(f, ",\"work_per_sample\":");
            json_num(f, r->work);
            fprintf(f, ",\"stats_ms\":{\"n\":%zu,\"median\":", r->stats.n);
            json_num(f, r->stats.median);
            fprintf(f, ",\"min\":");
            json_num(f, r->stats.min);
            fprintf(f, ",\"max\":");
            json_num(f, r->stats.max);
            fprintf(f, ",\"q1\":");
            json_num(f, r->stats.q1);
            fprintf(f, ",\"q3\":");
            json_num(f, r->stats.q3);
            fprintf(f, ",\"iqr\":");
            json_num(f, r->stats.iqr);
            fprintf(f, ",\"rel_noise\":");
            json_num(f, r->stats.rel_noise);
            fprintf(f, "},\"throughput_per_s\":");
            json_num(f, gc_result_throughput(r));
            fprintf(f, ",\"baseline\":");
            gc_json_string(f, r->test->baseline ? r->test->baseline : "");
            fprintf(f, ",\"ratio_to_baseline\":");
            json_num(f, r->ratio_to_baseline);
            fprintf(f, ",\"samples_ms\":[");
            for (unsigned k = 0; k < r->n_samples; k++) {
                if (k) fputc(',', f);
                json_num(f, r->samples_ms[k]);
            }
            fputc(']', f);
        }
        fprintf(f, ",\"log\":");
        gc_json_string(f, r->log ? r->log : "");
        fputc('}', f);
    }
    fprintf(f, "\n]}\n");
    return close_out(f);
}

static void xml_text(FILE *f, const char *s) {
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '<') fputs("&lt;", f);
        else if (c == '>') fputs("&gt;", f);
        else if (c == '&') fputs("&amp;", f);
        else if (c == '"') fputs("&quot;", f);
        else if (c < 0x20 && c != '\n' && c != '\t') fputc(' ', f); /* not allowed in XML 1.0 */
        else fputc(c, f);
    }
}

int gc_report_junit(const char *path, const gc_run_report *rep) {
    FILE *f = open_out(path);
    if (!f) return 0;
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    size_t failures = counts[GC_FAIL] + counts[GC_BROKEN] + counts[GC_INCONCLUSIVE];
    size_t errors = counts[GC_ERROR] + counts[GC_TIMEOUT] + counts[GC_CRASH];
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"gpucheck\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
            rep->n, failures, errors, counts[GC_SKIP], rep->seconds);
    fprintf(f, "  <testsuite name=\"gpucheck.");
    xml_text(f, rep->opt->command);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\" timestamp=\"%s\">\n",
            rep->n, failures, errors, counts[GC_SKIP], rep->seconds, rep->started_at);
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
        switch (r->outcome) {
        case GC_PASS: break;
        case GC_SKIP: tag = "skipped"; break;
        case GC_FAIL: case GC_BROKEN: case GC_INCONCLUSIVE: tag = "failure"; break;
        default: tag = "error"; break;
        }
        if (tag) {
            fprintf(f, "\n      <%s message=\"", tag);
            xml_text(f, r->reason);
            fprintf(f, "\" type=\"%s\">", gc_outcome_name(r->outcome));
            xml_text(f, r->log);
            fprintf(f, "</%s>\n    ", tag);
        }
        fprintf(f, "</testcase>\n");
    }
    fprintf(f, "  </testsuite>\n</testsuites>\n");
    return close_out(f);
}

static void csv_field(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
    fputc('"', f);
}

int gc_report_csv(const char *path, const gc_run_report *rep) {
    FILE *f = open_out(path);
    if (!f) return 0;
    fprintf(f, "device,suite,name,outcome,samples,median_ms,min_ms,max_ms,q1_ms,q3_ms,iqr_ms,rel_noise,"
               "throughput_per_s,unit,baseline,ratio_to_baseline\n");
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        csv_field(f, rep->device->id);
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
        fprintf(f, ",%.6g\n", r->ratio_to_baseline);
    }
    return close_out(f);
}
