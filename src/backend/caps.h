/* SPDX-License-Identifier: Apache-2.0 */
/* caps.h — the capability table (gc_caps) from what a CUDA or OpenCL device reports:
 * the backends' translation, kept apart from any driver so that it is unit-tested
 * without a device (tests/test_caps.c). */
#ifndef GC_BACKEND_CAPS_H
#define GC_BACKEND_CAPS_H

#include <stdint.h>

#include "gpucheck/gc_device.h"

/* Fill the capability table from what an OpenCL/CUDA device reports; shared
 * helpers so that the logic can be unit-tested without a device. */
void gc_caps_from_cuda_cc(gc_caps *caps, unsigned cc_major, unsigned cc_minor);
/* OpenCL 3.0 capability bit masks (cl_device_atomic_capabilities values); pass
 * have_30 = 0 for an OpenCL 1.2/2.x device to get the documented fallbacks. */
void gc_caps_from_opencl(gc_caps *caps, int have_30, uint64_t atomic_mem_caps,
                         uint64_t atomic_fence_caps, unsigned opencl_c_major);
/* 1 where kernels for this OpenCL device must use the OpenCL 1.2 atomic built-ins
 * (the backend then compiles with -DGC_CL_LEGACY_ATOMICS): OpenCL C 1.x, or a 3.0
 * device whose C11 atomics lack device scope. gc_caps_from_opencl() then fills the
 * 1.2 tables, so the capabilities describe the code that actually runs. */
int gc_caps_opencl_legacy_atomics(int have_30, uint64_t atomic_mem_caps, unsigned opencl_c_major);
/* An OpenCL C 3.0 compile (C11 atomics) without the feature macros
 * __opencl_c_atomic_scope_device / __opencl_c_atomic_scope_all_devices makes the dialect
 * compile device scope as work-group scope and system scope as device scope
 * (kernels/gc_dialect.h). Marks those scopes narrowed and clears their orders, so that no
 * test runs under a scope its code does not have. has_*: the device lists the feature
 * (CL_DEVICE_OPENCL_C_FEATURES), which the compiler defines exactly then. */
void gc_caps_opencl_scope_features(gc_caps *caps, unsigned opencl_c_major, int legacy_atomics,
                                   int has_scope_device, int has_scope_all_devices);

#endif
