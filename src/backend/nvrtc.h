/* SPDX-License-Identifier: Apache-2.0 */
/* nvrtc.h — NVRTC on its own: load it, compile CUDA source, no driver needed.
 *
 * The CUDA backend compiles through these functions, and CI, which has neither a GPU nor
 * a CUDA toolkit, uses gc_nvrtc_compile_for_arch() to prove that every kernel source in
 * the tree compiles as CUDA (with the NVRTC that scripts/fetch-nvrtc.sh fetched, named by
 * GC_NVRTC_LIBRARY in the test environment).
 *
 * NVRTC is found at, in order: $GC_NVRTC_LIBRARY (alone, when set), then libnvrtc.so,
 * libnvrtc.so.13, libnvrtc.so.12 through the dynamic loader's search, then
 * /usr/local/cuda/lib64/libnvrtc.so*. Never at a path relative to the current directory
 * or to the source tree. */
#ifndef GC_NVRTC_H
#define GC_NVRTC_H

#include <stddef.h>

#include "backend/cuda_api.h"
#include "gpucheck/gc_status.h"

/** Load NVRTC once per process. @return the API table, or NULL; then *why (if
 *  non-NULL) points to a static message naming every path tried. Thread-safe. */
const gc_nvrtc_api *gc_nvrtc_load(const char **why);

/** The loaded library's version; GC_ERR_UNAVAILABLE when NVRTC cannot be loaded. */
gc_status gc_nvrtc_version(int *major, int *minor);

/** Choose the NVRTC target for a device of compute capability cc (e.g. 90):
 *  "sm_<cc>" when this NVRTC generates code for it, else "compute_<best>" for the
 *  newest supported architecture not above cc (PTX the driver compiles when it
 *  loads it). GC_ERR_UNSUPPORTED (with a message in gc_last_error()) when every
 *  supported architecture is newer than the device. */
gc_status gc_nvrtc_pick_target(unsigned cc, char *target, size_t len);

/** What one NVRTC compilation produced (each part malloc'd, or NULL/0). */
typedef struct {
    void *cubin;     /* for an "sm_XY" target */
    size_t cubin_len;
    char *ptx;       /* NUL-terminated; ptx_len counts the NUL */
    size_t ptx_len;
} gc_nvrtc_output;

void gc_nvrtc_output_free(gc_nvrtc_output *out);

/** The options every compilation gets besides the target and the defines. */
#define GC_NVRTC_FIXED_OPTIONS "-default-device -std=c++17"

/** Compile `source` (named `label` in the log) for `target` ("sm_90" or
 *  "compute_90") with -D<define> for each define. For an sm target the output has
 *  the CUBIN and, when want_ptx, the PTX (compiled a second time for compute_XY if
 *  NVRTC does not return PTX with the CUBIN). For a compute target it has PTX only.
 *  @param[out] log  the compiler log (malloc'd, NULL when empty); may be NULL.
 *  @return GC_ERR_COMPILE with the log on a compile error, GC_ERR_UNAVAILABLE when
 *          NVRTC cannot be loaded (the reason in *log and gc_last_error()). */
gc_status gc_nvrtc_compile(const char *target, const char *label, const char *source,
                           const char *const *defines, size_t n_defines, int want_ptx,
                           gc_nvrtc_output *out, char **log);

/** Compile for an architecture without any device or driver: what CI runs.
 *  @param arch  "sm_XY" (CUBIN) or "compute_XY" (PTX), e.g. "sm_90".
 *  @param[out] log  the compiler log (malloc'd; NULL when empty); may be NULL.
 *  @return GC_OK, GC_ERR_COMPILE (log has the errors with line numbers),
 *          GC_ERR_UNAVAILABLE (no NVRTC), GC_ERR_ARGUMENT (malformed arch). */
gc_status gc_nvrtc_compile_for_arch(const char *arch, const char *label, const char *source,
                                    const char *const *defines, size_t n, char **log);

#endif
