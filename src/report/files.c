/* files.c — the machine-readable reports: JSON, JUnit XML, CSV. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report.h"

/* A report file is written whole or not at all: into a temporary file beside it, renamed
 * over it once complete, so that a crash or a full disk never leaves half a JSON. A path
 * that exists and is not a regular file (a FIFO, /dev/stdout, a terminal) is written
 * directly; a FIFO with no reader is an error (ENXIO), not a hang. */
typedef struct {
    FILE *f;
    const char *path;
    char tmp[4096];
} out_file;

static FILE *open_out(out_file *o, const char *path) {
    memset(o, 0, sizeof *o);
    o->path = path;
    if (strcmp(path, "-") == 0) return o->f = stdout;
    struct stat sb;
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (fd < 0) return NULL;
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        o->f = fdopen(fd, "w");
        if (!o->f) close(fd);
        return o->f;
    }
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    int n = snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.tmp-XXXXXX", dir_len, path, slash ? slash + 1 : path);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    int fd = mkostemp(o->tmp, O_CLOEXEC);
    if (fd < 0) return NULL;
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask); /* as fopen would have created it */
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
    }
    return o->f;
}

/* Returns 1 when everything reached the file (and the file its place). */
static int close_out(out_file *o) {
    int ok = !ferror(o->f);
    if (o->f == stdout) return fflush(stdout) == 0 && ok;
    ok = fclose(o->f) == 0 && ok;
    if (!o->tmp[0]) return ok;
    int saved = errno;
    if (ok && rename(o->tmp, o->path) == 0) return 1;
    saved = ok ? errno : saved;
    unlink(o->tmp);
    errno = saved;
    return 0;
}

int gc_report_json(const char *path, const gc_run_report *rep) {
    out_file out;
    FILE *f = open_out(&out, path);
    if (!f) return 0;
    const gc_run_options *o = rep->opt;
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    fprintf(f, "{\"gpucheck_version\":\"%s\",\"command\":", GC_VERSION);
    gc_json_string(f, o->command);
    fprintf(f, ",\"started_at\":\"%s\",\"seconds\":", rep->started_at);
    gc_json_num(f, rep->seconds);
    fprintf(f, ",\"seed\":%llu,\"parameters\":{\"filter\":", (unsigned long long)o->seed);
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"canary\":%u,\"scale\":", o->canary);
    gc_json_num(f, o->scale);
    fprintf(f, ",\"timeout_s\":");
    gc_json_num(f, o->timeout_s);
    fprintf(f, ",\"time_budget_s\":");
    gc_json_num(f, o->time_budget_s);
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
        gc_json_num(f, r->seconds);
        fprintf(f, ",\"checks\":%llu,\"min_checks\":%llu,\"figures\":[", (unsigned long long)r->checks,
                (unsigned long long)r->test->min_checks);
        for (unsigned k = 0; k < r->n_figures; k++) {
            fprintf(f, "%s{\"name\":", k ? "," : "");
            gc_json_string(f, r->figures[k].name);
            fprintf(f, ",\"value\":");
            gc_json_num(f, r->figures[k].value);
            fprintf(f, ",\"unit\":");
            gc_json_string(f, r->figures[k].unit);
            fputc('}', f);
        }
        fputc(']', f);
        if (r->is_bench) {
            fprintf(f, ",\"unit\":");
            gc_json_string(f, r->test->unit ? r->test->unit : "");
            fprintf(f, ",\"work_per_sample\":");
            gc_json_num(f, r->work);
            fprintf(f, ",\"stats_ms\":{\"n\":%zu,\"median\":", r->stats.n);
            gc_json_num(f, r->stats.median);
            fprintf(f, ",\"min\":");
            gc_json_num(f, r->stats.min);
            fprintf(f, ",\"max\":");
            gc_json_num(f, r->stats.max);
            fprintf(f, ",\"q1\":");
            gc_json_num(f, r->stats.q1);
            fprintf(f, ",\"q3\":");
            gc_json_num(f, r->stats.q3);
            fprintf(f, ",\"iqr\":");
            gc_json_num(f, r->stats.iqr);
            fprintf(f, ",\"rel_noise\":");
            gc_json_num(f, r->stats.rel_noise);
            fprintf(f, "},\"throughput_per_s\":");
            gc_json_num(f, gc_result_throughput(r));
            fprintf(f, ",\"baseline\":");
            gc_json_string(f, r->test->baseline ? r->test->baseline : "");
            fprintf(f, ",\"ratio_to_baseline\":");
            gc_json_num(f, r->ratio_to_baseline);
            fprintf(f, ",\"samples_ms\":[");
            for (unsigned k = 0; k < r->n_samples; k++) {
                if (k) fputc(',', f);
                gc_json_num(f, r->samples_ms[k]);
            }
            fputc(']', f);
        }
        fprintf(f, ",\"log\":");
        gc_json_string(f, r->log ? r->log : "");
        fputc('}', f);
    }
    fprintf(f, "\n]}\n");
    return close_out(&out);
}

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

int gc_report_junit(const char *path, const gc_run_report *rep) {
    out_file out;
    FILE *f = open_out(&out, path);
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
    return close_out(&out);
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
    out_file out;
    FILE *f = open_out(&out, path);
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
    return close_out(&out);
}
