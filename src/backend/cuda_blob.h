/* SPDX-License-Identifier: Apache-2.0 */
/* cuda_blob.h — the CUDA backend's module blob (CUBIN or PTX with its PTX, cuda.c's layout)
 * built from source without a device: what the compile cache stores and what kernels
 * compiled ahead of time hold (src/device/aot.h). */
#ifndef GC_BACKEND_CUDA_BLOB_H
#define GC_BACKEND_CUDA_BLOB_H

#include <stddef.h>

#include "gpucheck/gc_status.h"

/** Compile `source` with NVRTC for `target` ("sm_90": a CUBIN, with its PTX; "compute_90":
 *  PTX) into a blob the CUDA backend loads; *blob malloc'd. Errors as gc_nvrtc_compile. */
gc_status gc_cuda_compile_blob(const char *target, const char *label, const char *source, const char *const *defines,
                               size_t n_defines, void **blob, size_t *blob_len, char **log);

#endif
