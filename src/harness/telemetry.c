/* SPDX-License-Identifier: Apache-2.0 */
/* telemetry.c — the GPU's own counters while a benchmark samples: SM clock and clock-event
 * reasons through NVML after each sample, on a CUDA device that NVML finds; otherwise the
 * reason there are none, in the result. */
#include <stdio.h>
#include <string.h>

#include "device/nvml.h"
#include "harness/context.h"
#include "harness/telemetry.h"

/* NVML readings after each sample, where NVML finds the device; otherwise the reason. */
gc_nvml *gc_telemetry_open(gc_test_ctx *ctx, gc_result *r) {
    const gc_device_info *info = gc_ctx_info(ctx);
    gc_gpu_telemetry *tm = &r->telemetry;
    if (info->backend != GC_BACKEND_CUDA) {
        snprintf(tm->unavailable, sizeof tm->unavailable, "NVML readings need a CUDA device (this is %s)",
                 gc_backend_name(info->backend));
        return NULL;
    }
    return gc_nvml_open(info->pci_bus_id, tm->unavailable, sizeof tm->unavailable);
}

void gc_telemetry_read(gc_nvml *n, gc_result *r) {
    gc_gpu_telemetry *tm = &r->telemetry;
    unsigned mhz = 0;
    uint64_t reasons = 0;
    char why[sizeof tm->unavailable];
    if (!n) return;
    if (!gc_nvml_read(n, &mhz, &reasons, why, sizeof why)) {
        if (!tm->available) memcpy(tm->unavailable, why, sizeof why);
        return;
    }
    /* Read between samples, the GPU is idle: that reason says nothing about the sample. */
    reasons &= ~(uint64_t)1;
    if (!tm->readings || mhz < tm->sm_clock_min_mhz) tm->sm_clock_min_mhz = mhz;
    if (!tm->readings || mhz > tm->sm_clock_max_mhz) tm->sm_clock_max_mhz = mhz;
    tm->throttle_reasons |= reasons;
    tm->readings++;
    tm->available = 1;
    tm->unavailable[0] = '\0';
}
