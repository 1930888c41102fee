/* SPDX-License-Identifier: Apache-2.0 */
/* opencl_api.h — private to the OpenCL backend: the dlopen'ed entry-point table, the
 * per-device facts that probe finds and the other entries need, and error reporting.
 *
 * Files: opencl_api.c (loading), opencl_errors.c (error names), opencl_probe.c
 * (enumeration and gc_device_info), opencl.c (the ops table). */
#ifndef GC_OPENCL_API_H
#define GC_OPENCL_API_H

/* The 1.2 entry points that 2.0 deprecated (clCreateCommandQueue) are still how a
 * 1.2 platform makes a queue; declare them without deprecation warnings. */
#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#include <CL/cl.h>

#include "backend/backend.h"

/* Entry points every usable ICD loader exports (OpenCL 1.2 core). Missing one makes
 * the backend unavailable. */
#define GC_CL_REQUIRED(X)                                                                   \
    X(clGetPlatformIDs)                                                                     \
    X(clGetPlatformInfo)                                                                    \
    X(clGetDeviceIDs)                                                                       \
    X(clGetDeviceInfo)                                                                      \
    X(clCreateContext)                                                                      \
    X(clReleaseContext)                                                                     \
    X(clCreateCommandQueue)                                                                 \
    X(clReleaseCommandQueue)                                                                \
    X(clCreateBuffer)                                                                       \
    X(clReleaseMemObject)                                                                   \
    X(clEnqueueReadBuffer)                                                                  \
    X(clEnqueueWriteBuffer)                                                                 \
    X(clEnqueueFillBuffer)                                                                  \
    X(clCreateProgramWithSource)                                                            \
    X(clCreateProgramWithBinary)                                                            \
    X(clBuildProgram)                                                                       \
    X(clGetProgramInfo)                                                                     \
    X(clGetProgramBuildInfo)                                                                \
    X(clReleaseProgram)                                                                     \
    X(clCreateKernel)                                                                       \
    X(clGetKernelInfo)                                                                      \
    X(clGetKernelWorkGroupInfo)                                                             \
    X(clReleaseKernel)                                                                      \
    X(clSetKernelArg)                                                                       \
    X(clEnqueueNDRangeKernel)                                                               \
    X(clEnqueueMarkerWithWaitList)                                                          \
    X(clWaitForEvents)                                                                      \
    X(clGetEventInfo)                                                                       \
    X(clGetEventProfilingInfo)                                                              \
    X(clReleaseEvent)                                                                       \
    X(clFlush)                                                                              \
    X(clFinish)

/* OpenCL 2.0/2.1 entry points: used only on platforms/devices of that version. */
#define GC_CL_OPTIONAL(X)                                                                   \
    X(clCreateCommandQueueWithProperties)                                                   \
    X(clSVMAlloc)                                                                           \
    X(clSVMFree)                                                                            \
    X(clSetKernelArgSVMPointer)                                                             \
    X(clGetKernelSubGroupInfo)                                                              \
    X(clCreateProgramWithIL)

typedef struct {
#define GC_CL_FIELD_(name) __typeof__(name) *name;
    GC_CL_REQUIRED(GC_CL_FIELD_)
    GC_CL_OPTIONAL(GC_CL_FIELD_)
#undef GC_CL_FIELD_
} gc_cl_api;

/** The loaded table; valid after gc_cl_load() returned GC_OK. */
extern gc_cl_api gc_cl;

/** dlopen the ICD loader ($GC_OPENCL_LIBRARY, else libOpenCL.so.1, else libOpenCL.so)
 *  and resolve every entry point. Idempotent. GC_ERR_UNAVAILABLE with a reason in why. */
gc_status gc_cl_load(char *why, size_t why_len);

/** "CL_INVALID_VALUE" for -30, ...; "CL_UNKNOWN_ERROR" for a code not in the table. */
const char *gc_cl_error_name(cl_int err);

/** Record "<call> failed: <CL name> (<code>)" as the last error and return st. */
gc_status gc_cl_fail(const char *call, cl_int err, gc_status st);

/* How GC_MEM_HOST_MAPPED buffers are made on a device. */
typedef enum {
    GC_CL_SVM_NONE = 0,
    GC_CL_SVM_SYSTEM,     /* fine-grained system SVM: any host allocation */
    GC_CL_SVM_FINE_BUFFER /* fine-grained buffer SVM with SVM atomics: clSVMAlloc */
} gc_cl_svm_mode;

/* What probe learnt about one device beyond gc_device_info. */
typedef struct {
    cl_platform_id platform;
    cl_device_id device;
    unsigned platform_major, platform_minor; /* platform version: picks queue creation */
    int legacy_atomics;                      /* compile with -DGC_CL_LEGACY_ATOMICS */
    gc_cl_svm_mode svm;
} gc_cl_device;

/** Enumerate every device of every platform into infos (at most max) and the
 *  backend's own table (gc_cl_device_at). */
gc_status gc_cl_probe(gc_device_info *infos, size_t max, size_t *count, char *why, size_t why_len);
/** Probe-time facts of backend ordinal i, or NULL. */
const gc_cl_device *gc_cl_device_at(size_t i);

#endif
