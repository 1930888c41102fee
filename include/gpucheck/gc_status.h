/* SPDX-License-Identifier: Apache-2.0 */
/* gc_status.h — the one status type every fallible gpucheck call returns.
 *
 * The list is an X-macro so that the enum, its names and its messages can never
 * drift apart. Print a status with gc_status_name(), never as an integer. */
#ifndef GC_STATUS_H
#define GC_STATUS_H

#include "gc_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GC_STATUS_LIST(X)                                                              \
    X(GC_OK, "success")                                                                \
    X(GC_ERR_ARGUMENT, "invalid argument")                                             \
    X(GC_ERR_NO_MEMORY, "out of host memory")                                          \
    X(GC_ERR_UNAVAILABLE, "backend library or driver not available")                 \
    X(GC_ERR_NO_DEVICE, "no such device")                                              \
    X(GC_ERR_UNSUPPORTED, "the device lacks a capability this needs")                  \
    X(GC_ERR_COMPILE, "kernel compilation failed (see the compiler log)")              \
    X(GC_ERR_LOAD, "loading the compiled module failed")                               \
    X(GC_ERR_NO_KERNEL, "no kernel of that name in the module")                        \
    X(GC_ERR_LAUNCH, "kernel launch failed")                                           \
    X(GC_ERR_DEVICE_MEMORY, "device memory allocation or transfer failed")            \
    X(GC_ERR_DRIVER, "driver call failed")                                             \
    X(GC_ERR_IO, "file input/output failed")                                           \
    X(GC_ERR_PARSE, "malformed input")                                                 \
    X(GC_ERR_NOT_FOUND, "not found")                                                   \
    X(GC_ERR_TIMEOUT, "timed out")

typedef enum {
#define GC_STATUS_ENUM_(name, msg) name,
    GC_STATUS_LIST(GC_STATUS_ENUM_)
#undef GC_STATUS_ENUM_
    GC_STATUS_COUNT_
} gc_status;

/** @return the enumerator's name, e.g. "GC_ERR_COMPILE"; never NULL. */
GC_API const char *gc_status_name(gc_status s);
/** @return a one-line human message for the status; never NULL. */
GC_API const char *gc_status_message(gc_status s);

/** The last error seen in this thread, in words: for a driver error the driver's own
 *  code and text. */
GC_API const char *gc_last_error(void);
/** Record the last error (printf-style); every layer, the backends included, does so
 *  before returning an error status. */
GC_API void gc_set_last_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#ifdef __cplusplus
}
#endif
#endif
