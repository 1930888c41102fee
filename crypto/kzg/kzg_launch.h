/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_launch.h — the kernel table and the launch, upload and team helpers of kzg_launch.c,
 * for the stages' host launchers. Not installed. */
#ifndef GC_KZG_LAUNCH_H
#define GC_KZG_LAUNCH_H

#include "crypto/kzg/kzg_internal.h"

extern const char *const kzg_kernel_names[K_COUNT];

/** Build the kernels' module (KZG_SOURCE, with `defines`) and look up every kernel. */
gc_kzg_ret kzg_kernels_build(gc_kzg_ctx *c, const char *const *defines, size_t n_defines);

/* One work-item per element: n elements, the global size rounded up to whole work-groups. */
gc_kzg_ret kzg_launch_elements(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs);
/* `groups` work-groups of exactly `wg` work-items. */
gc_kzg_ret kzg_launch_group(gc_kzg_ctx *c, kzg_kernel_id id, size_t groups, size_t wg, const gc_arg *args,
                            size_t nargs);
/* n work-items of a team kernel in work-groups of KZG_TEAM_GROUP. */
gc_kzg_ret kzg_launch_teams(gc_kzg_ctx *c, kzg_kernel_id id, size_t n, const gc_arg *args, size_t nargs);
/* One work-group per row. */
gc_kzg_ret kzg_launch_rows(gc_kzg_ctx *c, kzg_kernel_id id, size_t rows, size_t threads, const gc_arg *args,
                           size_t nargs);
/* A device buffer of `bytes`, written from data unless it is NULL. */
gc_kzg_ret kzg_upload(gc_kzg_ctx *c, gc_buffer **out, const void *data, size_t bytes, const char *what);
/* Fr scalars as the wNAF digits of their GLV splits (glv.gc) in `slots` entries. */
gc_kzg_ret kzg_upload_glv_digits(gc_kzg_ctx *c, gc_buffer **out, const gc_fr *scalars, size_t count, size_t slots,
                                 const char *what);
/* Work-items per operation at a team site for a launch of `size`. */
uint32_t kzg_team_lanes(const gc_kzg_ctx *c, kzg_team_site site, uint32_t size);
/* Of a team kernel's two register budgets, the one for a launch of n work-items. */
kzg_kernel_id kzg_team_kernel(const gc_kzg_ctx *c, kzg_kernel_id capped, kzg_kernel_id full, size_t n);
/* The raw integer (not Montgomery form) of 1/2^log_n. */
gc_fr kzg_inv_pow2_raw(unsigned log_n);

#endif
