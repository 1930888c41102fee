/* SPDX-License-Identifier: Apache-2.0 */
/* poly.c — the polynomial stage: blobs -> Fr (checked against r), the inverse Fr FFT to
 * coefficients, and the cells (the extended evaluations, bytes); poly.gc has the kernels. */
#include "crypto/kzg/kzg_internal.h"
#include "crypto/kzg/kzg_launch.h"
#include "crypto/kzg/poly/poly.h"

#include <stdio.h>
#include <stdlib.h>

/* Twiddles of a size-2^log_n transform: Fr values for the Fr FFTs. */
gc_kzg_ret kzg_upload_twiddles(gc_kzg_ctx *c, gc_buffer **out, unsigned log_n, int inverse) {
    size_t half = (size_t)1 << (log_n - 1);
    gc_fr *tw = malloc(half * sizeof(gc_fr));
    if (!tw) return GC_KZG_MALLOC;
    gc_fr_fft_twiddles(tw, log_n, inverse);
    gc_kzg_ret ret = kzg_upload(c, out, tw, half * sizeof(gc_fr), "twiddles");
    free(tw);
    return ret;
}

/* Each pass flags its bad blobs with a mark of its own (c->poly.flag_mark, one more each
 * pass), so the flags need no clearing between passes: clearing them was a blocking fill,
 * which made the host wait for the blobs' transfer before it queued the first kernel. The
 * flags are zeroed (blocking) only where the mark starts over: a fresh buffer, or the
 * 2^32 - 1 passes after it. */
static gc_kzg_ret next_flag_mark(gc_kzg_ctx *c) {
    if (++c->poly.flag_mark == 0) {
        gc_status st = gc_buffer_fill_byte(c->batch.bb.bad, 0);
        if (st) return kzg_device_error(c, st, "clearing the blob flags");
        c->poly.flag_mark = 1;
    }
    return GC_KZG_OK;
}

gc_kzg_ret kzg_stage_blob_to_fr(gc_kzg_ctx *c, size_t n) {
    gc_kzg_ret ret = next_flag_mark(c);
    if (ret) return ret;
    uint32_t count = (uint32_t)(n << KZG_LOG_BLOB), mark = c->poly.flag_mark;
    gc_arg a[] = {GC_ARG_BUF(c->batch.bb.blobs), GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.bad), GC_ARG_VAL(count),
                  GC_ARG_VAL(mark)};
    return kzg_launch_elements(c, K_BLOB_TO_FR, count, a, 5);
}

void kzg_flags_of_pass(const gc_kzg_ctx *c, uint32_t *bad, size_t n) {
    for (size_t i = 0; i < n; i++) bad[i] = bad[i] == c->poly.flag_mark;
}

/* The split of a transform of size 2^log_n into block launches: one (spans[0] = log_n)
 * up to KZG_FFT_BLOCK_LOG_MAX stages, else two of half the stages each; 0 where a
 * half is larger than a local block or a work-group of kernel `id` cannot hold its
 * butterflies (then one work-group a row, fr_fft_rows). */
uint32_t kzg_fft_block_launches(const gc_kzg_ctx *c, kzg_kernel_id id, uint32_t log_n, uint32_t spans[2]) {
    uint32_t halves = log_n > KZG_FFT_BLOCK_LOG_MAX ? 2 : 1;
    spans[0] = halves == 2 ? log_n / 2 : log_n;
    spans[1] = log_n - spans[0];
    uint32_t widest = spans[0] > spans[1] ? spans[0] : spans[1];
    if (c->poly.rows_only || widest > KZG_FFT_BLOCK_LOG_MAX ||
        gc_kernel_max_work_group_size(c->k[id]) < (1u << (widest - 1)))
        return 0;
    return halves;
}

/* One launch of fr_fft_row_blocks: stages [s0, s1) of the n rows' transforms. */
static gc_kzg_ret fr_fft_blocks(gc_kzg_ctx *c, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, uint32_t log_n,
                                uint32_t row_len, size_t n, uint32_t s0, uint32_t s1, uint32_t flags) {
    gc_arg a[] = {GC_ARG_BUF(data), GC_ARG_BUF(tw), GC_ARG_BUF(scale), GC_ARG_VAL(log_n), GC_ARG_VAL(row_len),
                  GC_ARG_VAL(s0),   GC_ARG_VAL(s1), GC_ARG_VAL(flags)};
    return kzg_launch_group(c, K_FR_FFT_ROW_BLOCKS, n << (log_n - (s1 - s0)), (size_t)1 << (s1 - s0 - 1), a, 8);
}

/* The DIT transform of size 2^log_n of each of n rows of `data` (rows of row_len
 * elements, already in bit-reversed order), twiddles tw, `scale_flag` KZG_FFT_SCALE or 0
 * (by scale[0] after the last stage): one launch of fr_fft_row_blocks (blocks in local
 * memory) up to KZG_FFT_BLOCK_LOG_MAX stages, else two of half the stages each. Where a
 * work-group cannot hold a block's butterflies, or a half is larger than the local
 * block, one work-group a row in global memory (fr_fft_rows). The blocks cut every size's
 * transforms by half or more against fr_fft_rows (docs/results/fk20.md). */
gc_kzg_ret kzg_fr_fft(gc_kzg_ctx *c, gc_buffer *data, gc_buffer *tw, gc_buffer *scale, uint32_t log_n,
                      uint32_t row_len, size_t n, uint32_t scale_flag) {
    uint32_t spans[2], halves = kzg_fft_block_launches(c, K_FR_FFT_ROW_BLOCKS, log_n, spans);
    if (!halves) {
        gc_arg a[] = {GC_ARG_BUF(data),  GC_ARG_BUF(tw),      GC_ARG_BUF(scale),
                      GC_ARG_VAL(log_n), GC_ARG_VAL(row_len), GC_ARG_VAL(scale_flag)};
        return kzg_launch_rows(c, K_FR_FFT_ROWS, n, (size_t)1 << (log_n - 1), a, 6);
    }
    gc_kzg_ret ret = GC_KZG_OK;
    for (uint32_t h = 0; h < halves && !ret; h++) {
        uint32_t s0 = h ? spans[0] : 0, s1 = h ? log_n : spans[0], flags = h + 1 == halves ? scale_flag : 0u;
        ret = fr_fft_blocks(c, data, tw, scale, log_n, row_len, n, s0, s1, flags);
    }
    return ret;
}

gc_kzg_ret kzg_stage_poly_ifft(gc_kzg_ctx *c, size_t n) {
    /* The blob holds the evaluations in bit-reversed order: exactly the order the DIT
     * transform starts from, so no permutation. */
    return kzg_fr_fft(c, c->batch.bb.poly, c->poly.itw_4096, c->poly.inv_4096, KZG_LOG_BLOB, 1u << KZG_LOG_BLOB, n, KZG_FFT_SCALE);
}

/* The two stages above as two launches where the transform takes two block launches and
 * kzg_blob_fft_in's work-group holds its first half's (kzg_blob_fft_in_split: the stage
 * where the halves meet, 0 where not): that one reads the blob bytes itself, a launch
 * fewer on the pass's critical path. */
uint32_t kzg_blob_fft_in_split(const gc_kzg_ctx *c) {
    uint32_t spans[2];
    if (kzg_fft_block_launches(c, K_FR_FFT_ROW_BLOCKS, KZG_LOG_BLOB, spans) != 2 ||
        kzg_fft_block_launches(c, K_BLOB_FFT_IN, KZG_LOG_BLOB, spans) != 2)
        return 0;
    return spans[0];
}

/* The two launches, kzg_blob_fft_in reading words from offset / 4 of src. */
static gc_kzg_ret blob_to_poly_launches(gc_kzg_ctx *c, size_t n, gc_buffer *src, size_t offset, uint32_t split) {
    gc_kzg_ret ret = next_flag_mark(c);
    uint32_t mark = c->poly.flag_mark, first_word = (uint32_t)(offset / 4);
    gc_arg in[] = {GC_ARG_BUF(src),          GC_ARG_VAL(first_word), GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.bad),
                   GC_ARG_BUF(c->poly.itw_4096), GC_ARG_VAL(split),      GC_ARG_VAL(mark)};
    if (!ret) ret = kzg_launch_group(c, K_BLOB_FFT_IN, n << (KZG_LOG_BLOB - split), (size_t)1 << (split - 1), in, 7);
    return ret ? ret
               : fr_fft_blocks(c, c->batch.bb.poly, c->poly.itw_4096, c->poly.inv_4096, KZG_LOG_BLOB, 1u << KZG_LOG_BLOB, n, split,
                               KZG_LOG_BLOB, KZG_FFT_SCALE);
}

gc_kzg_ret kzg_stage_blob_to_poly(gc_kzg_ctx *c, size_t n) {
    uint32_t split = kzg_blob_fft_in_split(c);
    if (split) return blob_to_poly_launches(c, n, c->batch.bb.blobs, 0, split);
    gc_kzg_ret ret = kzg_stage_blob_to_fr(c, n);
    return ret ? ret : kzg_stage_poly_ifft(c, n);
}

gc_kzg_ret kzg_stage_blob_to_poly_from(gc_kzg_ctx *c, size_t n, gc_buffer *src, size_t offset) {
    uint32_t split = kzg_blob_fft_in_split(c);
    if (!split || offset % 4 || offset / 4 > UINT32_MAX) {
        snprintf(c->last_message, sizeof c->last_message, "kzg_blob_fft_in cannot read these blobs (offset %zu)", offset);
        return GC_KZG_ERROR;
    }
    return blob_to_poly_launches(c, n, src, offset, split);
}

/* The cells: with blocks (both sides' kernels able to), the transform's two launches
 * read the coefficients and write the bytes themselves (kzg_cells_fft_in, _out); else
 * kzg_poly_extend_brp, the transform, kzg_fr_to_bytes_brp. The fused launches save a
 * round trip of the extended data (docs/results/fk20.md). */
gc_kzg_ret kzg_stage_cells(gc_kzg_ctx *c, size_t n) {
    uint32_t count = (uint32_t)(n << KZG_LOG_EXT), spans[2];
    if (kzg_fft_block_launches(c, K_CELLS_FFT_IN, KZG_LOG_EXT, spans) == 2 &&
        kzg_fft_block_launches(c, K_CELLS_FFT_OUT, KZG_LOG_EXT, spans) == 2) {
        uint32_t split = spans[0]; /* the in launch's stages end there, the out launch's begin */
        gc_arg in[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(c->poly.tw_8192), GC_ARG_VAL(split)};
        gc_arg out[] = {GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(c->batch.bb.out_bytes), GC_ARG_BUF(c->poly.tw_8192), GC_ARG_VAL(split)};
        gc_kzg_ret ret = kzg_launch_group(c, K_CELLS_FFT_IN, n << (KZG_LOG_EXT - spans[0]), (size_t)1 << (spans[0] - 1), in, 4);
        return ret ? ret : kzg_launch_group(c, K_CELLS_FFT_OUT, n << spans[0], (size_t)1 << (spans[1] - 1), out, 4);
    }
    gc_arg e[] = {GC_ARG_BUF(c->batch.bb.poly), GC_ARG_BUF(c->batch.bb.ext), GC_ARG_VAL(count)};
    gc_arg b[] = {GC_ARG_BUF(c->batch.bb.ext), GC_ARG_BUF(c->batch.bb.out_bytes), GC_ARG_VAL(count)};
    gc_kzg_ret ret;
    if ((ret = kzg_launch_elements(c, K_POLY_EXTEND_BRP, count, e, 3)) ||
        (ret = kzg_fr_fft(c, c->batch.bb.ext, c->poly.tw_8192, c->poly.inv_4096, KZG_LOG_EXT, 1u << KZG_LOG_EXT, n, 0)))
        return ret;
    return kzg_launch_elements(c, K_FR_TO_BYTES_BRP, count, b, 3);
}

void kzg_ctx_set_fr_fft_blocks(gc_kzg_ctx *c, int blocks) {
    c->poly.rows_only = !blocks;
}

gc_kzg_ret kzg_poly_prepare(gc_kzg_ctx *c) {
    gc_fr inv_4096;
    gc_fr_fft_inv_n(&inv_4096, KZG_LOG_BLOB);
    gc_kzg_ret ret;
    if ((ret = kzg_upload_twiddles(c, &c->poly.itw_4096, KZG_LOG_BLOB, 1)) ||
        (ret = kzg_upload_twiddles(c, &c->poly.tw_8192, KZG_LOG_EXT, 0)))
        return ret;
    return kzg_upload(c, &c->poly.inv_4096, &inv_4096, sizeof inv_4096, "scale");
}
