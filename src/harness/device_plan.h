/* SPDX-License-Identifier: Apache-2.0 */
/* device_plan.h — whether the devices of one run may run their tests at the same time. */
#ifndef GC_DEVICE_PLAN_H
#define GC_DEVICE_PLAN_H

#include <stddef.h>

#include "gpucheck/gc_device.h"

/** 1 when the devices of a run may each run their tests in a worker of their own, at the
 *  same time; 0 when they must run one after another, with the reason in `why` ("" for a
 *  run of one device). Tests (`bench` 0) run in parallel on any devices; benchmarks only
 *  on distinct physical GPUs: every device a GPU with a known PCI bus id, no two with the
 *  same (cuda:0 and an OpenCL device of the same GPU would slow each other down, and CPU
 *  devices share the host's cores). `serial_asked` (--serial-devices) and `no_fork` (tests
 *  in the runner's own process) always mean one after another. */
int gc_devices_parallel(const gc_device_info *const *devices, size_t n, int bench, int serial_asked, int no_fork,
                        char *why, size_t why_len);

#endif
