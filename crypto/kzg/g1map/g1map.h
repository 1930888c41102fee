/* SPDX-License-Identifier: Apache-2.0 */
/* g1map.h — the G1 map's helpers shared between its files, FK20's MSM and the batch
 * buffers: G1 FFTs (g1_fft.c), the convolution (conv.c), Straus (straus.c). */
#ifndef GC_KZG_G1MAP_H
#define GC_KZG_G1MAP_H

#include "crypto/kzg/kzg_internal.h"

gc_kzg_ret kzg_upload_g1_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse);
gc_kzg_ret kzg_upload_g1_pair_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse);
/* The G1 map's twiddles and pair scratch. */
gc_kzg_ret kzg_g1map_prepare(gc_kzg_ctx *c);
/* The G1 DIT transform of size 2r of `rows` rows of data in place. */
gc_kzg_ret kzg_g1_fft(gc_kzg_ctx *c, gc_buffer *data, size_t rows, gc_buffer *digits, gc_buffer *pair_digits);

gc_fr *kzg_conv_split_taps(unsigned log_2r);
int kzg_g1_map_is_conv(const gc_kzg_ctx *c, size_t n);
int kzg_conv_pieces_by_msm(const gc_kzg_ctx *c, size_t n);
gc_kzg_ret kzg_conv_mul_pow32(gc_kzg_ctx *c, gc_buffer *src, uint32_t src_first, uint32_t dst_first,
                              uint32_t n_points);
gc_kzg_ret kzg_conv_fold(gc_kzg_ctx *c, const gc_arg *f, size_t n);
/* The convolutions' buffers for passes of info.max_batch blobs (batch_buffers.c). */
gc_kzg_ret kzg_conv_alloc(gc_kzg_ctx *c);
gc_kzg_ret kzg_straus_alloc(gc_kzg_ctx *c);

#endif
