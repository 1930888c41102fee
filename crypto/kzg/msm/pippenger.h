/* SPDX-License-Identifier: Apache-2.0 */
/* pippenger.h — the host side of the variable-base MSM (crypto/kzg/msm/pippenger.gc):
 * many independent MSMs over G1 in one pass: the buckets, a tree of log2(tasks) launches
 * over each MSM's tasks, the finish. */
#ifndef GC_KZG_MSM_PIPPENGER_H
#define GC_KZG_MSM_PIPPENGER_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_device.h"

/* Largest window (bits a digit); a work-item keeps 2^(c-1) buckets. */
#define KZG_PIPPENGER_MAX_C 16u
/* The longest task the plan chooses by itself (one work-item a task and window). */
#define KZG_PIPPENGER_MAX_CHUNK 1024u

typedef struct {
    gc_kernel *buckets, *task_sums, *finish;
} kzg_pippenger_kernels;

/* The shape of one batch of MSMs and its device scratch. */
typedef struct {
    gc_device *dev;
    unsigned c, n_windows;
    uint32_t n_msms, n_tasks, chunk, most_tasks; /* most_tasks: of one MSM (the tree's width) */
    gc_buffer *tasks, *task_first, *buckets, *partials;
} kzg_pippenger_plan;

/** The three kernels from a module built from a source that includes pippenger.gc. */
gc_status kzg_pippenger_kernels_get(kzg_pippenger_kernels *k, gc_module *mod);
void kzg_pippenger_kernels_free(kzg_pippenger_kernels *k);

/** The window the plan takes for tasks of `chunk` terms: log2(chunk) - 2, within 2 .. 16. */
unsigned kzg_pippenger_window_for(uint32_t chunk);

/** A plan for n_msms MSMs, MSM m over terms [offsets[m], offsets[m + 1]) of the points and
 *  scalars a run is given (offsets non-decreasing, offsets[n_msms] < 2^32; an empty MSM
 *  gives infinity). chunk: terms a task (0: the plan's choice, 32 to 1,024 by the total
 *  size: pippenger.c); c: window bits
 *  (0: kzg_pippenger_window_for(the longest task)). GC_ERR_ARGUMENT for bad offsets, c or
 *  n_msms = 0. */
gc_status kzg_pippenger_plan_create(kzg_pippenger_plan *p, gc_device *dev, const uint64_t *offsets,
                                    uint32_t n_msms, uint32_t chunk, unsigned c);
void kzg_pippenger_plan_free(kzg_pippenger_plan *p);

/** out[m] (gc_g1p, projective) = sum of scalars[i] points[i] over MSM m's terms: points
 *  gc_g1a (affine, (0, 0) infinity), scalars 8 little-endian 32-bit limbs each, raw
 *  integers < r. Enqueued on the device's current queue, not waited for. */
gc_status kzg_pippenger_enqueue(const kzg_pippenger_kernels *k, const kzg_pippenger_plan *p, gc_buffer *points,
                                gc_buffer *scalars, gc_buffer *out);

/** The same sums on the host, for MSMs too small to fill a device: a job a (MSM, window)
 *  on up to `threads` threads (the bucket method with pippenger.gc's signed digits, c
 *  bits: 0 chooses by the longest MSM), then each MSM's windows by Horner's rule. mutant 20
 *  or 21: the device's fault of that number, here (the suite's known answers catch both).
 *  0, or -1 without memory. */
int kzg_pippenger_host(const void *points, const uint32_t *scalars, const uint64_t *offsets, uint32_t n_msms,
                       unsigned c, size_t threads, int mutant, void *out);

#endif
