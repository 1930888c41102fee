/* SPDX-License-Identifier: Apache-2.0 */
/* device_banner.c — a device described in full, as text (json.c has it as JSON). */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

static void orders_text(uint8_t mask, char *buf, size_t len) {
    size_t o = 0;
    buf[0] = '\0';
    for (int i = 0; i < GC_ORDER_COUNT; i++)
        if (mask & (1u << i)) o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? "," : "", gc_order_name((gc_memory_order)i));
    if (!o) snprintf(buf, len, "-");
}

void gc_device_banner(FILE *f, const gc_device_info *d) {
    fprintf(f, "Device %s: %s\n", d->id, d->name);
    fprintf(f, "  backend            %s (%s)\n", gc_backend_name(d->backend), d->platform);
    fprintf(f, "  vendor             %s\n", d->vendor);
    fprintf(f, "  type               %s\n", d->is_gpu ? "GPU" : d->is_cpu ? "CPU" : "other");
    fprintf(f, "  version            %s\n", d->device_version);
    fprintf(f, "  driver             %s\n", d->driver_version);
    fprintf(f, "  runtime            %s\n", d->runtime_version);
    fprintf(f, "  compiler           %s\n", d->compiler_version);
    fprintf(f, "  target             %s\n", d->arch);
    if (d->cc_major) fprintf(f, "  compute capability %u.%u\n", d->cc_major, d->cc_minor);
    fprintf(f, "  compute units      %u\n", d->compute_units);
    fprintf(f, "  clock              %u MHz\n", d->clock_mhz);
    if (d->memory_clock_mhz) fprintf(f, "  memory clock       %u MHz, %u-bit bus\n", d->memory_clock_mhz, d->memory_bus_bits);
    fprintf(f, "  global memory      %.2f GiB (max allocation %.2f GiB)\n", (double)d->global_mem_bytes / (1u << 30),
            (double)d->max_alloc_bytes / (1u << 30));
    if (d->l2_cache_bytes) fprintf(f, "  L2 cache           %.1f MiB\n", (double)d->l2_cache_bytes / (1u << 20));
    fprintf(f, "  local memory       %llu KiB per work-group", (unsigned long long)d->local_mem_bytes / 1024);
    if (d->local_mem_optin_bytes) fprintf(f, " (%llu KiB with opt-in)", (unsigned long long)d->local_mem_optin_bytes / 1024);
    fputc('\n', f);
    fprintf(f, "  max work-group     %zu (per dimension %zu x %zu x %zu)\n", d->max_work_group_size,
            d->max_work_item_sizes[0], d->max_work_item_sizes[1], d->max_work_item_sizes[2]);
    if (d->max_groups[0])
        fprintf(f, "  max groups         %llu x %llu x %llu\n", (unsigned long long)d->max_groups[0],
                (unsigned long long)d->max_groups[1], (unsigned long long)d->max_groups[2]);
    fprintf(f, "  sub-groups         ");
    if (!d->caps.sub_groups) fprintf(f, "none");
    for (unsigned i = 0; i < d->caps.n_sub_group_sizes; i++) fprintf(f, "%s%u", i ? ", " : "sizes ", d->caps.sub_group_sizes[i]);
    fprintf(f, "\n");
    fprintf(f, "  64-bit atomics     %s\n", d->caps.int64_atomics ? "yes" : "no");
    fprintf(f, "  non-uniform groups %s\n", d->caps.non_uniform_work_groups ? "yes" : "no");
    fprintf(f, "  host-mapped memory %s\n", d->caps.host_mapped_memory ? "yes" : "no");
    fprintf(f, "  memory orders by scope (atomics | fences):\n");
    for (int s = 0; s < GC_SCOPE_COUNT; s++) {
        char a[80], b[80];
        orders_text(d->caps.atomic_orders[s], a, sizeof a);
        orders_text(d->caps.fence_orders[s], b, sizeof b);
        fprintf(f, "    %-11s %-40s | %s\n", gc_scope_name((gc_memory_scope)s), a, b);
    }
}
