/* SPDX-License-Identifier: Apache-2.0 */
/* module.h — what module_file.c needs of device.c's modules: a build of text whose
 * includes are already resolved, and a module around a binary the backend loads. */
#ifndef GC_DEVICE_MODULE_H
#define GC_DEVICE_MODULE_H

#include "gpucheck/gc_device.h"

/** gc_module_build_text's steps after the expansion: defines checked, cache, compile, load.
 *  Pre: dev, label, source, out non-NULL. */
gc_status gc_device_build_source(gc_device *dev, const char *label, const char *source, const gc_build_options *opt,
                                 gc_module **out, char **log);
/** The backend's load_binary, wrapped as a module. Pre: arguments checked (the format
 *  suits the device's backend, len > 0, options non-NULL). */
gc_status gc_device_load_binary(gc_device *dev, gc_binary_format format, const void *bytes, size_t len,
                                const char *options, gc_module **out, char **log);

#endif
