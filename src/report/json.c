/* SPDX-License-Identifier: Apache-2.0 */
/* json.c — the run report as JSON (`--json`) and the test list (`gpucheck list --json`);
 * the values they are made of are json_value.c's, a device's object json_device.c's, the
 * run's devices and selection json_run.c's. */
#include <stdio.h>
#include <string.h>

#include "common/build_info.h"
#include "device/nvml.h"
#include "report/report.h"

#ifndef GC_BUILD_TYPE
#define GC_BUILD_TYPE "unknown"
#endif
#ifndef GC_COMPILER
#define GC_COMPILER "unknown"
#endif

static void json_telemetry(FILE *f, const gc_gpu_telemetry *tm) {
    if (!tm->available) {
        fprintf(f, "{\"available\":false,\"reason\":");
        gc_json_string(f, tm->unavailable[0] ? tm->unavailable : "unavailable");
        fputc('}', f);
        return;
    }
    fprintf(f, "{\"available\":true,\"source\":\"nvml\",\"readings\":%u,\"sm_clock_mhz_min\":%u,"
               "\"sm_clock_mhz_max\":%u,\"throttle_reasons\":[",
            tm->readings, tm->sm_clock_min_mhz, tm->sm_clock_max_mhz);
    int first = 1;
    for (unsigned b = 0; b < 64; b++) {
        if (!(tm->throttle_reasons >> b & 1)) continue;
        const char *name = gc_nvml_reason_name(b);
        if (!first) fputc(',', f);
        if (name) fprintf(f, "\"%s\"", name);
        else fprintf(f, "\"bit_%u\"", b);
        first = 0;
    }
    fprintf(f, "]}");
}

/* The run's header: what built gpucheck, where and when it ran, and the options that
 * change what a test does. */
static void json_run_header(FILE *f, const gc_run_report *rep) {
    const gc_run_options *o = rep->opt;
    fprintf(f, "{\"schema_version\":%d,\"gpucheck_version\":", GC_REPORT_SCHEMA_VERSION);
    gc_json_string(f, GC_VERSION);
    gc_json_str_member(f, "commit", gc_build_commit);
    gc_json_str_member(f, "build_type", GC_BUILD_TYPE[0] ? GC_BUILD_TYPE : "none");
    gc_json_str_member(f, "compiler", GC_COMPILER);
    gc_json_str_member(f, "host", rep->host[0] ? rep->host : "unknown");
    gc_json_str_member(f, "command", o->command);
    fprintf(f, ",\"started_at\":\"%s\",\"interrupted_by\":", rep->started_at);
    if (rep->interrupted_by) gc_json_string(f, gc_signal_name(rep->interrupted_by));
    else fputs("null", f);
    fprintf(f, ",\"selected\":%zu,\"not_run\":%zu,\"seconds\":", rep->n_selected, rep->n_selected - rep->n);
    gc_json_num(f, rep->seconds);
    fprintf(f, ",\"seed\":%llu,\"parameters\":{\"filter\":", (unsigned long long)o->seed);
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"canary\":%u,\"scale\":", o->canary);
    gc_json_num(f, o->scale);
    gc_json_num_member(f, "timeout_s", o->timeout_s);
    gc_json_num_member(f, "time_budget_s", o->time_budget_s);
    fprintf(f, ",\"sampling_rule\":\"%s\",\"samples\":%u,\"min_samples\":%u,\"max_noise\":",
            o->samples ? "fixed" : "noise", o->samples, o->min_samples);
    gc_json_num(f, o->max_noise);
    gc_json_num_member(f, "max_time_s", o->max_time_s);
    fprintf(f, ",\"cold_cache\":%s", o->cold_cache ? "true" : "false");
    fprintf(f, ",\"warmup\":%u,\"isolated\":%s,\"cache\":%s}", o->warmup, o->no_fork ? "false" : "true",
            o->no_cache ? "false" : "true");
}

/* A benchmark's numbers: its statistics, how sampling ended, the GPU's counters, the
 * throughput and baseline ratio, every sample. */
static void json_bench_fields(FILE *f, const gc_result *r) {
    gc_json_str_member(f, "unit", r->test->unit ? r->test->unit : "");
    gc_json_num_member(f, "work_per_sample", r->work);
    fprintf(f, ",\"stats_ms\":{\"n\":%zu,\"median\":", r->stats.n);
    gc_json_num(f, r->stats.median);
    gc_json_num_member(f, "min", r->stats.min);
    gc_json_num_member(f, "max", r->stats.max);
    gc_json_num_member(f, "q1", r->stats.q1);
    gc_json_num_member(f, "q3", r->stats.q3);
    gc_json_num_member(f, "iqr", r->stats.iqr);
    gc_json_num_member(f, "rel_noise", r->stats.rel_noise);
    gc_json_num_member(f, "mean", r->stats.mean);
    gc_json_num_member(f, "stddev", r->stats.stddev);
    gc_json_num_member(f, "cv", r->stats.cv);
    fprintf(f, "},\"stopped_by\":\"%s\",\"stopped_early\":%s,\"telemetry\":", gc_sample_stop_name(r->stopped_by),
            gc_result_stopped_early(r) ? "true" : "false");
    json_telemetry(f, &r->telemetry);
    gc_json_num_member(f, "throughput_per_s", gc_result_throughput(r));
    gc_json_str_member(f, "baseline", r->test->baseline ? r->test->baseline : "");
    gc_json_num_member(f, "ratio_to_baseline", r->ratio_to_baseline);
    fprintf(f, ",\"samples_ms\":[");
    for (unsigned k = 0; k < r->n_samples; k++) {
        if (k) fputc(',', f);
        gc_json_num(f, r->samples_ms[k]);
    }
    fputc(']', f);
}

/* One result's object: what it is, its outcome and reason, its checks and figures. */
static void json_result(FILE *f, const gc_run_report *rep, const gc_result *r) {
    fprintf(f, "{\"name\":");
    gc_json_string(f, r->full_name);
    gc_json_str_member(f, "suite", r->test->suite);
    gc_json_str_member(f, "test", r->test->name);
    fprintf(f, ",\"tags\":");
    gc_json_tags(f, r->test->tags);
    gc_json_result_scope(f, rep, r);
    fprintf(f, ",\"kind\":\"%s\",\"outcome\":\"%s\",\"reason\":", r->is_bench ? "benchmark" : "test",
            gc_outcome_name(r->outcome));
    gc_json_string(f, r->reason);
    gc_json_num_member(f, "seconds", r->seconds);
    fprintf(f, ",\"checks\":%llu,\"min_checks\":%llu,\"figures\":[", (unsigned long long)r->checks,
            (unsigned long long)r->test->min_checks);
    for (unsigned k = 0; k < r->n_figures; k++) {
        fprintf(f, "%s{\"name\":", k ? "," : "");
        gc_json_string(f, r->figures[k].name);
        gc_json_num_member(f, "value", r->figures[k].value);
        gc_json_str_member(f, "unit", r->figures[k].unit);
        fputc('}', f);
    }
    fputc(']', f);
    if (r->is_bench) json_bench_fields(f, r);
    gc_json_str_member(f, "log", r->log ? r->log : "");
    fputc('}', f);
}

void gc_report_json(FILE *f, const gc_run_report *rep) {
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    json_run_header(f, rep);
    fprintf(f, ",\"device\":");
    gc_device_json(f, rep->device);
    gc_json_run_scope(f, rep);
    fprintf(f, ",\"summary\":{\"passed\":%zu,\"failed\":%zu,\"skipped\":%zu", counts[GC_PASS],
            gc_report_count_class(counts, GC_COUNTS_FAILED), counts[GC_SKIP]);
    for (int k = 0; k < GC_OUTCOME_COUNT; k++) fprintf(f, ",\"%s\":%zu", gc_outcome_name((gc_outcome)k), counts[k]);
    fprintf(f, "},\"results\":[");
    for (size_t i = 0; i < rep->n; i++) {
        fprintf(f, "%s\n", i ? "," : "");
        json_result(f, rep, &rep->results[i]);
    }
    fprintf(f, "\n]}\n");
}

void gc_json_test_list(FILE *f, const gc_test_listing *items, size_t n) {
    fprintf(f, "{\"schema_version\":%d,\"tests\":[", GC_REPORT_SCHEMA_VERSION);
    for (size_t i = 0; i < n; i++) {
        const gc_test *t = items[i].test;
        char full[GC_TEST_NAME_MAX + 1];
        gc_test_full_name(t, full, sizeof full);
        fprintf(f, "%s{\"name\":", i ? "," : "");
        gc_json_string(f, full);
        fprintf(f, ",\"kind\":\"%s\",\"tags\":", t->sample ? "benchmark" : "test");
        gc_json_tags(f, t->tags);
        gc_json_str_member(f, "description", t->description ? t->description : "");
        gc_json_str_member(f, "skip_reason", items[i].skip_reason ? items[i].skip_reason : "");
        fputc('}', f);
    }
    fprintf(f, "]}\n");
}
