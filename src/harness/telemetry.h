/* SPDX-License-Identifier: Apache-2.0 */
/* telemetry.h — NVML readings taken between a benchmark's samples (telemetry.c). */
#ifndef GC_TELEMETRY_H
#define GC_TELEMETRY_H

#include "device/nvml.h"
#include "result/result.h"

/** NVML for the test's device, or NULL with the reason in r->telemetry.unavailable. */
gc_nvml *gc_telemetry_open(gc_test_ctx *ctx, gc_result *r);
/** One reading into r->telemetry (clock range, reasons seen); nothing when n is NULL. */
void gc_telemetry_read(gc_nvml *n, gc_result *r);

#endif
