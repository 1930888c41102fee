/* json.c — every JSON that gpucheck writes: the run report, devices, the test list.
 * Strings are escaped and always valid UTF-8 (a byte that is not part of a well-formed
 * UTF-8 sequence becomes U+FFFD); numbers are never NaN or infinity (null instead). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "common/build_info.h"
#include "common/utf8.h"
#include "device/nvml.h"
#include "report/report.h"

#ifndef GC_BUILD_TYPE
#define GC_BUILD_TYPE "unknown"
#endif
#ifndef GC_COMPILER
#define GC_COMPILER "unknown"
#endif

void gc_json_string(FILE *f, const char *s) {
    fputc('"', f);
    while (s && *s) {
        unsigned char c = (unsigned char)*s;
        size_t n = gc_utf8_seq_len(s, SIZE_MAX);
        if (n == 0) {
            fputs("\\ufffd", f);
            s++;
            continue;
        }
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c < 0x20 || c == 0x7f) fprintf(f, "\\u%04x", c);
        else fwrite(s, 1, n, f);
        s += n;
    }
    fputc('"', f);
}

void gc_json_tags(FILE *f, const char *tags) {
    fputc('[', f);
    int first = 1;
    for (const char *p = tags ? tags : ""; *p;) {
        while (*p == ' ' || *p == ',') p++;
        size_t n = strcspn(p, ",");
        while (n > 0 && p[n - 1] == ' ') n--;
        if (n > 0) {
            char tag[256];
            snprintf(tag, sizeof tag, "%.*s", (int)n, p);
            if (!first) fputc(',', f);
            gc_json_string(f, tag);
            first = 0;
        }
        p += n;
        while (*p && *p != ',') p++;
    }
    fputc(']', f);
}

int gc_result_stopped_early(const gc_result *r) {
    return r->stopped_by == GC_STOP_TIME_BUDGET || r->stopped_by == GC_STOP_SAMPLE_CAP;
}

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

void gc_json_num(FILE *f, double v) {
    if (v != v || v > 1e308 || v < -1e308) fputs("null", f);
    else fprintf(f, "%.9g", v);
}

/* ,"key":value: the members after an object's first. */
static void json_num_member(FILE *f, const char *key, double v) {
    fprintf(f, ",\"%s\":", key);
    gc_json_num(f, v);
}

static void json_str_member(FILE *f, const char *key, const char *s) {
    fprintf(f, ",\"%s\":", key);
    gc_json_string(f, s);
}

static void json_orders(FILE *f, const uint8_t masks[GC_SCOPE_COUNT]) {
    fputc('{', f);
    for (int s = 0; s < GC_SCOPE_COUNT; s++) {
        fprintf(f, "%s\"%s\":[", s ? "," : "", gc_scope_name((gc_memory_scope)s));
        int first = 1;
        for (int o = 0; o < GC_ORDER_COUNT; o++)
            if (masks[s] & (1u << o)) fprintf(f, "%s\"%s\"", first ? "" : ",", gc_order_name((gc_memory_order)o)), first = 0;
        fputc(']', f);
    }
    fputc('}', f);
}

void gc_device_json(FILE *f, const gc_device_info *d) {
    fprintf(f, "{\"id\":");
    gc_json_string(f, d->id);
    fprintf(f, ",\"backend\":\"%s\",\"name\":", gc_backend_name(d->backend));
    gc_json_string(f, d->name);
    json_str_member(f, "vendor", d->vendor);
    json_str_member(f, "platform", d->platform);
    fprintf(f, ",\"type\":\"%s\",\"device_version\":", d->is_gpu ? "gpu" : d->is_cpu ? "cpu" : "other");
    gc_json_string(f, d->device_version);
    json_str_member(f, "driver_version", d->driver_version);
    json_str_member(f, "runtime_version", d->runtime_version);
    json_str_member(f, "compiler_version", d->compiler_version);
    json_str_member(f, "arch", d->arch);
    fprintf(f,
            ",\"compute_capability\":\"%u.%u\",\"compute_units\":%u,\"clock_mhz\":%u,\"memory_clock_mhz\":%u,"
            "\"memory_bus_bits\":%u,\"global_mem_bytes\":%llu,\"max_alloc_bytes\":%llu,\"local_mem_bytes\":%llu,"
            "\"local_mem_optin_bytes\":%llu,\"l2_cache_bytes\":%llu,\"max_work_group_size\":%zu,\"max_work_item_sizes\":[%zu,%zu,%zu],"
            "\"max_groups\":[%llu,%llu,%llu]",
            d->cc_major, d->cc_minor, d->compute_units, d->clock_mhz, d->memory_clock_mhz, d->memory_bus_bits,
            (unsigned long long)d->global_mem_bytes, (unsigned long long)d->max_alloc_bytes,
            (unsigned long long)d->local_mem_bytes, (unsigned long long)d->local_mem_optin_bytes,
            (unsigned long long)d->l2_cache_bytes, d->max_work_group_size,
            d->max_work_item_sizes[0], d->max_work_item_sizes[1], d->max_work_item_sizes[2],
            (unsigned long long)d->max_groups[0], (unsigned long long)d->max_groups[1],
            (unsigned long long)d->max_groups[2]);
    fprintf(f, ",\"sub_groups\":%s,\"sub_group_sizes\":[", d->caps.sub_groups ? "true" : "false");
    for (unsigned i = 0; i < d->caps.n_sub_group_sizes; i++) fprintf(f, "%s%u", i ? "," : "", d->caps.sub_group_sizes[i]);
    fprintf(f, "],\"int64_atomics\":%s,\"non_uniform_work_groups\":%s,\"host_mapped_memory\":%s,\"atomic_orders\":",
            d->caps.int64_atomics ? "true" : "false", d->caps.non_uniform_work_groups ? "true" : "false",
            d->caps.host_mapped_memory ? "true" : "false");
    json_orders(f, d->caps.atomic_orders);
    fprintf(f, ",\"fence_orders\":");
    json_orders(f, d->caps.fence_orders);
    fputc('}', f);
}

void gc_report_json(FILE *f, const gc_run_report *rep) {
    const gc_run_options *o = rep->opt;
    size_t counts[GC_OUTCOME_COUNT];
    gc_report_counts(rep, counts);
    fprintf(f, "{\"schema_version\":%d,\"gpucheck_version\":", GC_REPORT_SCHEMA_VERSION);
    gc_json_string(f, GC_VERSION);
    json_str_member(f, "commit", gc_build_commit);
    json_str_member(f, "build_type", GC_BUILD_TYPE[0] ? GC_BUILD_TYPE : "none");
    json_str_member(f, "compiler", GC_COMPILER);
    json_str_member(f, "host", rep->host[0] ? rep->host : "unknown");
    json_str_member(f, "command", o->command);
    fprintf(f, ",\"started_at\":\"%s\",\"interrupted_by\":", rep->started_at);
    if (rep->interrupted_by) gc_json_string(f, gc_signal_name(rep->interrupted_by));
    else fputs("null", f);
    fprintf(f, ",\"selected\":%zu,\"not_run\":%zu,\"seconds\":", rep->n_selected, rep->n_selected - rep->n);
    gc_json_num(f, rep->seconds);
    fprintf(f, ",\"seed\":%llu,\"parameters\":{\"filter\":", (unsigned long long)o->seed);
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"canary\":%u,\"scale\":", o->canary);
    gc_json_num(f, o->scale);
    json_num_member(f, "timeout_s", o->timeout_s);
    json_num_member(f, "time_budget_s", o->time_budget_s);
    fprintf(f, ",\"sampling_rule\":\"%s\",\"samples\":%u,\"min_samples\":%u,\"max_noise\":",
            o->samples ? "fixed" : "noise", o->samples, o->min_samples);
    gc_json_num(f, o->max_noise);
    json_num_member(f, "max_time_s", o->max_time_s);
    fprintf(f, ",\"cold_cache\":%s", o->cold_cache ? "true" : "false");
    fprintf(f, ",\"warmup\":%u,\"isolated\":%s,\"cache\":%s},\"device\":", o->warmup,
            o->no_fork ? "false" : "true", o->no_cache ? "false" : "true");
    gc_device_json(f, rep->device);
    gc_json_run_scope(f, rep);
    fprintf(f, ",\"summary\":{\"passed\":%zu,\"failed\":%zu,\"skipped\":%zu", counts[GC_PASS],
            gc_report_count_class(counts, GC_COUNTS_FAILED), counts[GC_SKIP]);
    for (int k = 0; k < GC_OUTCOME_COUNT; k++) fprintf(f, ",\"%s\":%zu", gc_outcome_name((gc_outcome)k), counts[k]);
    fprintf(f, "},\"results\":[");
    for (size_t i = 0; i < rep->n; i++) {
        const gc_result *r = &rep->results[i];
        fprintf(f, "%s\n{\"name\":", i ? "," : "");
        gc_json_string(f, r->full_name);
        json_str_member(f, "suite", r->test->suite);
        json_str_member(f, "test", r->test->name);
        fprintf(f, ",\"tags\":");
        gc_json_tags(f, r->test->tags);
        gc_json_result_scope(f, rep, r);
        fprintf(f, ",\"kind\":\"%s\",\"outcome\":\"%s\",\"reason\":", r->is_bench ? "benchmark" : "test",
                gc_outcome_name(r->outcome));
        gc_json_string(f, r->reason);
        json_num_member(f, "seconds", r->seconds);
        fprintf(f, ",\"checks\":%llu,\"min_checks\":%llu,\"figures\":[", (unsigned long long)r->checks,
                (unsigned long long)r->test->min_checks);
        for (unsigned k = 0; k < r->n_figures; k++) {
            fprintf(f, "%s{\"name\":", k ? "," : "");
            gc_json_string(f, r->figures[k].name);
            json_num_member(f, "value", r->figures[k].value);
            json_str_member(f, "unit", r->figures[k].unit);
            fputc('}', f);
        }
        fputc(']', f);
        if (r->is_bench) {
            json_str_member(f, "unit", r->test->unit ? r->test->unit : "");
            json_num_member(f, "work_per_sample", r->work);
            fprintf(f, ",\"stats_ms\":{\"n\":%zu,\"median\":", r->stats.n);
            gc_json_num(f, r->stats.median);
            json_num_member(f, "min", r->stats.min);
            json_num_member(f, "max", r->stats.max);
            json_num_member(f, "q1", r->stats.q1);
            json_num_member(f, "q3", r->stats.q3);
            json_num_member(f, "iqr", r->stats.iqr);
            json_num_member(f, "rel_noise", r->stats.rel_noise);
            json_num_member(f, "mean", r->stats.mean);
            json_num_member(f, "stddev", r->stats.stddev);
            json_num_member(f, "cv", r->stats.cv);
            fprintf(f, "},\"stopped_by\":\"%s\",\"stopped_early\":%s,\"telemetry\":",
                    gc_sample_stop_name(r->stopped_by), gc_result_stopped_early(r) ? "true" : "false");
            json_telemetry(f, &r->telemetry);
            json_num_member(f, "throughput_per_s", gc_result_throughput(r));
            json_str_member(f, "baseline", r->test->baseline ? r->test->baseline : "");
            json_num_member(f, "ratio_to_baseline", r->ratio_to_baseline);
            fprintf(f, ",\"samples_ms\":[");
            for (unsigned k = 0; k < r->n_samples; k++) {
                if (k) fputc(',', f);
                gc_json_num(f, r->samples_ms[k]);
            }
            fputc(']', f);
        }
        json_str_member(f, "log", r->log ? r->log : "");
        fputc('}', f);
    }
    fprintf(f, "\n]}\n");
}

void gc_json_devices(FILE *f, size_t default_index) {
    size_t n = gc_device_count();
    fprintf(f, "{\"schema_version\":%d,\"devices\":[", GC_REPORT_SCHEMA_VERSION);
    for (size_t i = 0; i < n; i++) {
        if (i) fputc(',', f);
        gc_device_json(f, gc_device_info_at(i));
    }
    fprintf(f, "],\"default\":");
    gc_json_string(f, default_index < n ? gc_device_info_at(default_index)->id : "");
    fprintf(f, ",\"unavailable\":{");
    for (int b = 0; b < GC_BACKEND_COUNT; b++) {
        fprintf(f, "%s\"%s\":", b ? "," : "", gc_backend_name((gc_backend_kind)b));
        gc_json_string(f, gc_backend_unavailable_reason((gc_backend_kind)b));
    }
    fprintf(f, "}}\n");
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
        json_str_member(f, "description", t->description ? t->description : "");
        json_str_member(f, "skip_reason", items[i].skip_reason ? items[i].skip_reason : "");
        fputc('}', f);
    }
    fprintf(f, "]}\n");
}
