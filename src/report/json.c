/* json.c — every JSON that gpucheck writes: the run report, devices, the test list.
 * Strings are escaped and always valid UTF-8 (a byte that is not part of a well-formed
 * UTF-8 sequence becomes U+FFFD); numbers are never NaN or infinity (null instead). */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "common/utf8.h"
#include "device/nvml.h"
#include "report/report.h"

#ifndef GC_COMMIT
#define GC_COMMIT "unknown"
#endif
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
    fprintf(f, ",\"vendor\":");
    gc_json_string(f, d->vendor);
    fprintf(f, ",\"platform\":");
    gc_json_string(f, d->platform);
    fprintf(f, ",\"type\":\"%s\",\"device_version\":", d->is_gpu ? "gpu" : d->is_cpu ? "cpu" : "other");
    gc_json_string(f, d->device_version);
    fprintf(f, ",\"driver_version\":");
    gc_json_string(f, d->driver_version);
    fprintf(f, ",\"runtime_version\":");
    gc_json_string(f, d->runtime_version);
    fprintf(f, ",\"compiler_version\":");
    gc_json_string(f, d->compiler_version);
    fprintf(f, ",\"arch\":");
    gc_json_string(f, d->arch);
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
    fprintf(f, ",\"commit\":");
    gc_json_string(f, GC_COMMIT);
    fprintf(f, ",\"build_type\":");
    gc_json_string(f, GC_BUILD_TYPE[0] ? GC_BUILD_TYPE : "none");
    fprintf(f, ",\"compiler\":");
    gc_json_string(f, GC_COMPILER);
    fprintf(f, ",\"host\":");
    gc_json_string(f, rep->host[0] ? rep->host : "unknown");
    fprintf(f, ",\"command\":");
    gc_json_string(f, o->command);
    fprintf(f, ",\"started_at\":\"%s\",\"interrupted_by\":", rep->started_at);
    if (rep->interrupted_by) gc_json_string(f, gc_signal_name(rep->interrupted_by));
    else fputs("null", f);
    fprintf(f, ",\"selected\":%zu,\"not_run\":%zu,\"seconds\":", rep->n_selected, rep->n_selected - rep->n);
    gc_json_num(f, rep->seconds);
    fprintf(f, ",\"seed\":%llu,\"parameters\":{\"filter\":", (unsigned long long)o->seed);
    gc_json_string(f, o->filter ? o->filter : "");
    fprintf(f, ",\"canary\":%u,\"scale\":", o->canary);
    gc_json_num(f, o->scale);
    fprintf(f, ",\"timeout_s\":");
    gc_json_num(f, o->timeout_s);
    fprintf(f, ",\"time_budget_s\":");
    gc_json_num(f, o->time_budget_s);
    fprintf(f, ",\"sampling_rule\":\"%s\",\"samples\":%u,\"min_samples\":%u,\"max_noise\":",
            o->samples ? "fixed" : "noise", o->samples, o->min_samples);
    gc_json_num(f, o->max_noise);
    fprintf(f, ",\"max_time_s\":");
    gc_json_num(f, o->max_time_s);
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
        fprintf(f, ",\"suite\":");
        gc_json_string(f, r->test->suite);
        fprintf(f, ",\"test\":");
        gc_json_string(f, r->test->name);
        fprintf(f, ",\"tags\":");
        gc_json_tags(f, r->test->tags);
        gc_json_result_scope(f, rep, r);
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
            fprintf(f, ",\"mean\":");
            gc_json_num(f, r->stats.mean);
            fprintf(f, ",\"stddev\":");
            gc_json_num(f, r->stats.stddev);
            fprintf(f, ",\"cv\":");
            gc_json_num(f, r->stats.cv);
            fprintf(f, "},\"stopped_by\":\"%s\",\"stopped_early\":%s,\"telemetry\":",
                    gc_sample_stop_name(r->stopped_by), gc_result_stopped_early(r) ? "true" : "false");
            json_telemetry(f, &r->telemetry);
            fprintf(f, ",\"throughput_per_s\":");
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
        fprintf(f, ",\"description\":");
        gc_json_string(f, t->description ? t->description : "");
        fprintf(f, ",\"skip_reason\":");
        gc_json_string(f, items[i].skip_reason ? items[i].skip_reason : "");
        fputc('}', f);
    }
    fprintf(f, "]}\n");
}
