/* SPDX-License-Identifier: Apache-2.0 */
/* poly.h — the polynomial stage's Fr FFT helpers, which FK20's circulant rows use too. */
#ifndef GC_KZG_POLY_H
#define GC_KZG_POLY_H

#include "crypto/kzg/kzg_internal.h"

/* The twiddles of a size-2^log_n Fr transform. */
gc_kzg_ret kzg_upload_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse);
/* The poly stage's own buffers: twiddles and the scale of the blob's inverse FFT. */
gc_kzg_ret kzg_poly_prepare(gc_kzg_ctx *c);
/* The block launches of a size-2^log_n transform by kernel `id` (1 or 2), 0: one
 * work-group a row. */
uint32_t kzg_fft_block_launches(const gc_kzg_ctx *c, kzg_kernel_id id, uint32_t log_n, uint32_t spans[2]);
/* The DIT transform of size 2^log_n of each of n rows of data. */
gc_kzg_ret kzg_fr_fft(gc_kzg_ctx *c, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, uint32_t log_n,
                      uint32_t row_len, size_t n, uint32_t scale_flag);

#endif
