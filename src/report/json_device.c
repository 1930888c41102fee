/* SPDX-License-Identifier: Apache-2.0 */
/* json_device.c — a device as JSON: one device's object (gc_device_json, also in every
 * run report) and `gpucheck devices --json`. */
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"

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
    gc_json_str_member(f, "vendor", d->vendor);
    gc_json_str_member(f, "platform", d->platform);
    fprintf(f, ",\"type\":\"%s\",\"device_version\":", d->is_gpu ? "gpu" : d->is_cpu ? "cpu" : "other");
    gc_json_string(f, d->device_version);
    gc_json_str_member(f, "driver_version", d->driver_version);
    gc_json_str_member(f, "runtime_version", d->runtime_version);
    gc_json_str_member(f, "compiler_version", d->compiler_version);
    gc_json_str_member(f, "arch", d->arch);
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
