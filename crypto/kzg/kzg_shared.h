/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_shared.h — the constants and the MSM launch shape that the KZG host launchers and
 * the kernels share: included by both (kzg_internal.h on the host, kzg_device.h in the
 * kernels' module), so that each value is written once. */
#ifndef GC_KZG_SHARED_H
#define GC_KZG_SHARED_H

#include "kernels/gc_dialect.h"

#define KZG_BLOB_ELEMENTS 4096u
#define KZG_LOG_BLOB 12u /* 4096 elements a blob */
#define KZG_LOG_EXT 13u  /* 8192 extended evaluations */

/* The Fr FFT kernels' flags (fr_fft_rows, fr_fft_row_blocks); the G1 transforms permute
 * in g1_bitrev_rows. */
#define KZG_FFT_BITREV 1u /* permute the row into bit-reversed order first */
#define KZG_FFT_SCALE 2u  /* multiply by scale[0] at the end (1/n for the inverse) */
/* fr_fft_row_blocks' largest block in local memory: 2^7 elements. */
#define KZG_FFT_BLOCK_LOG_MAX 7u

/* The team kernels' work-group (g1_team.gc's teams of 2 or 4 lanes): one warp. */
#define KZG_TEAM_GROUP 32u
/* The team kernels' two register budgets, in one-warp work-groups resident an SM (CUDA's
 * __launch_bounds__; nothing elsewhere): 12 (168 registers a work-item) or, the kernels
 * named _full, 8 (255). The full budget keeps more of a round of products in flight but
 * pays where a launch's warps no longer fit in one wave (docs/results/fk20.md). */
#define KZG_TEAM_SM_WARPS_CAPPED 12u
#define KZG_TEAM_SM_WARPS_FULL 8u

/* Table entries per work-item of msm_comb_table_build: 2^5. */
#define KZG_COMB_RUN_LOG 5u
/* msm_comb_affine's most terms a work-item. */
#define KZG_AFF_TERMS 16u
/* g1_sum_tree's work-group size. */
#define KZG_SUM_TREE_WG 64u

/* The G1 convolution (L = 64 only: 2r = 128), split mod X^r -+ 1 into halves of r/2 + 1
 * taps whose taps pair up: r/4 = 16 products of differences an output, each in
 * KZG_CONV_PARTS pieces of 32 bits of its GLV halves, and one slot for the rest
 * (doublings and additions): 65 slots padded to 72, so that the fan-in-8 sums take
 * 72 -> 9 -> 1. With two taps a work-item sharing their doublings (conv_group 2):
 * 33 slots padded to 40. */
#define KZG_CONV_PARTS 4u
#define KZG_CONV_SLOTS 72u
#define KZG_CONV_SLOTS2 40u

/* The MSM launch shape. Output o of blob b, chunk c: the sum over terms t in
 * [c chunk, (c+1) chunk) of k(b, o, t) * B(o, t), k at ints[b sb + o so + t st], B at
 * base index o bo + t bt. FK20: o = position j < 2r, t = offset i < L; commitment: o = 0,
 * t = coefficient. */
typedef struct {
    gc_u32 n_blobs, n_out, n_terms, chunk; /* chunk: terms per work-item */
    gc_u32 sb, so, st;                      /* scalar strides (in elements) */
    gc_u32 bo, bt;                          /* base strides */
    gc_u32 parts;                           /* the comb's columns cut in this many parts (1: whole) */
    gc_u32 defer;                           /* 1: part q's weight 2^(q per) is applied after the sums */
} kzg_msm_shape;

/* verify_cell_kzg_proof_batch's interpolant on the device (verify/cell_columns.gc): a
 * cell's elements, and the constants kzg_cell_interp reads (Montgomery form): w_64^-t for
 * t < 32, then 1/64, then h_c^-1 for the 128 columns. */
#define KZG_CELL_ELEMENTS 64u
#define KZG_CELL_LOG 6u
#define KZG_CELL_CONST_INV_N 32u
#define KZG_CELL_CONST_H_INV 33u
#define KZG_CELL_CONSTS (33u + 128u)

#endif
