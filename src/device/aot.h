/* SPDX-License-Identifier: Apache-2.0 */
/* aot.h — kernels compiled ahead of time: directories of compile-cache entries built
 * without a device (`gpucheck kernels build`, at build or install time), looked up when the
 * compile cache misses, so that a fresh machine's first run loads its modules instead of
 * compiling them (the KZG library's take tens of seconds through NVRTC).
 *
 * An entry is keyed as a cache entry (the expanded source, the defines) but with the
 * target alone for the backend's part (no driver or runtime compiler version,
 * which are unknown when it is built): a CUBIN for one sm_XY, which the driver loads when it
 * supports the NVRTC that built it. A driver that refuses an entry, or an entry that does
 * not verify, is as if absent: the module is compiled as without one. */
#ifndef GC_AOT_H
#define GC_AOT_H

#include <stddef.h>

#include "device/cache.h"

/** The key of module `source` (expanded, as gc_module_build compiles it) with its defines,
 *  for target. */
void gc_aot_key(gc_cache_key *k, const char *source, const char *const *defines, size_t n_defines,
                const char *target);

/** The entry for k in the first directory that has one: $GC_KERNEL_DIR, then
 *  <the executable's folder>/kernels, then <the executable's folder>/../share/gpucheck/kernels.
 *  GC_OK with *blob malloc'd, or GC_ERR_NOT_FOUND. */
gc_status gc_aot_get(const gc_cache_key *k, void **blob, size_t *len);

/** <the executable's folder>/kernels, the second folder searched and where `gpucheck
 *  kernels build` writes by default; 0 if the folder is unknown. */
int gc_aot_build_dir(char *buf, size_t len);

#endif
