/* SPDX-License-Identifier: Apache-2.0 */
/* pippenger.c — plans and launches the variable-base MSM of pippenger.gc. */
#include "crypto/kzg/msm/pippenger.h"

#include <stdlib.h>
#include <string.h>

#define PIPPENGER_GROUP 64u
#define PIPPENGER_XYZZ_BYTES (4u * 48u) /* gc_g1xyzz */
#define PIPPENGER_G1P_BYTES (3u * 48u)  /* gc_g1p */

gc_status kzg_pippenger_kernels_get(kzg_pippenger_kernels *k, gc_module *mod) {
    gc_status st;
    memset(k, 0, sizeof *k);
    if ((st = gc_kernel_get(mod, "pippenger_buckets", &k->buckets)) ||
        (st = gc_kernel_get(mod, "pippenger_task_sums", &k->task_sums)) ||
        (st = gc_kernel_get(mod, "pippenger_finish", &k->finish)))
        kzg_pippenger_kernels_free(k);
    return st;
}

void kzg_pippenger_kernels_free(kzg_pippenger_kernels *k) {
    gc_kernel_free(k->buckets);
    gc_kernel_free(k->task_sums);
    gc_kernel_free(k->finish);
    memset(k, 0, sizeof *k);
}

unsigned kzg_pippenger_window_for(uint32_t chunk) {
    unsigned lg = 0;
    while (lg < 31 && (1u << (lg + 1)) <= chunk) lg++;
    unsigned c = lg > 4 ? lg - 2 : 2;
    return c > KZG_PIPPENGER_MAX_C ? KZG_PIPPENGER_MAX_C : c;
}

void kzg_pippenger_plan_free(kzg_pippenger_plan *p) {
    gc_buffer_free(p->tasks);
    gc_buffer_free(p->task_first);
    gc_buffer_free(p->buckets);
    gc_buffer_free(p->partials);
    memset(p, 0, sizeof *p);
}

/* tasks (3 words each) and task_first (n_msms + 1) on the host; the longest task's terms and
 * the most tasks of one MSM (offsets already checked). */
static gc_status plan_tasks(const uint64_t *offsets, uint32_t n_msms, uint32_t chunk, uint32_t **tasks_out,
                            uint32_t **first_out, uint32_t *n_tasks, uint32_t *longest, uint32_t *most_tasks) {
    uint64_t n = 0;
    for (uint32_t m = 0; m < n_msms; m++) n += (offsets[m + 1] - offsets[m] + chunk - 1) / chunk;
    if (n * 3 + 1 >= (1ull << 32)) return GC_ERR_ARGUMENT;
    uint32_t *tasks = malloc((size_t)(n ? n : 1) * 3 * sizeof *tasks);
    uint32_t *first = malloc(((size_t)n_msms + 1) * sizeof *first);
    if (!tasks || !first) {
        free(tasks), free(first);
        return GC_ERR_NO_MEMORY;
    }
    uint32_t t = 0;
    *longest = 0, *most_tasks = 0;
    for (uint32_t m = 0; m < n_msms; m++) {
        if (m > 0 && t - first[m - 1] > *most_tasks) *most_tasks = t - first[m - 1];
        first[m] = t;
        for (uint64_t i = offsets[m]; i < offsets[m + 1]; i += chunk, t++) {
            uint64_t len = offsets[m + 1] - i < chunk ? offsets[m + 1] - i : chunk;
            tasks[3 * t] = m, tasks[3 * t + 1] = (uint32_t)i, tasks[3 * t + 2] = (uint32_t)len;
            if (len > *longest) *longest = (uint32_t)len;
        }
    }
    first[n_msms] = t;
    if (t - first[n_msms - 1] > *most_tasks) *most_tasks = t - first[n_msms - 1];
    *tasks_out = tasks, *first_out = first, *n_tasks = t;
    return GC_OK;
}

/* The default task size: a small MSM is bound by the chain of dependent point operations
 * one work-item runs (its task's terms, its buckets' sums, the finish's 256 doublings), not by
 * the total work, so tasks are as short as 32 terms (window 3) while the work-items stay at
 * most 2^18 and their buckets at most 512 MiB; larger MSMs take longer tasks, up to 1,024. */
#define PIPPENGER_CHUNK_MIN 32u
#define PIPPENGER_ITEMS_MAX (1u << 18)
#define PIPPENGER_BUCKET_BYTES_MAX (512ull << 20)

static uint32_t default_chunk(const uint64_t *offsets, uint32_t n_msms) {
    uint32_t chunk = PIPPENGER_CHUNK_MIN;
    for (; chunk < KZG_PIPPENGER_MAX_CHUNK; chunk *= 2) {
        uint64_t tasks = 0;
        for (uint32_t m = 0; m < n_msms; m++) tasks += (offsets[m + 1] - offsets[m] + chunk - 1) / chunk;
        unsigned c = kzg_pippenger_window_for(chunk);
        uint64_t items = tasks * ((256u + c - 1u) / c);
        if (items <= PIPPENGER_ITEMS_MAX && items * (1ull << (c - 1u)) * PIPPENGER_XYZZ_BYTES <= PIPPENGER_BUCKET_BYTES_MAX)
            break;
    }
    return chunk;
}

gc_status kzg_pippenger_plan_create(kzg_pippenger_plan *p, gc_device *dev, const uint64_t *offsets,
                                    uint32_t n_msms, uint32_t chunk, unsigned c) {
    memset(p, 0, sizeof *p);
    if (!dev || !offsets || n_msms == 0 || c == 1 || c > KZG_PIPPENGER_MAX_C) return GC_ERR_ARGUMENT;
    for (uint32_t m = 0; m < n_msms; m++)
        if (offsets[m + 1] < offsets[m]) return GC_ERR_ARGUMENT;
    if (offsets[n_msms] >= (1ull << 32)) return GC_ERR_ARGUMENT;
    if (chunk == 0) chunk = default_chunk(offsets, n_msms);
    uint32_t *tasks = NULL, *first = NULL, longest;
    gc_status st = plan_tasks(offsets, n_msms, chunk, &tasks, &first, &p->n_tasks, &longest, &p->most_tasks);
    if (st) return st;
    p->dev = dev;
    p->n_msms = n_msms;
    p->chunk = chunk;
    p->c = c ? c : kzg_pippenger_window_for(longest);
    p->n_windows = (256u + p->c - 1u) / p->c;
    size_t items = (size_t)p->n_tasks * p->n_windows, h = (size_t)1 << (p->c - 1u);
    if ((st = gc_buffer_alloc(dev, (size_t)p->n_tasks * 3 * 4 + 4, GC_MEM_DEVICE, &p->tasks)) ||
        (st = gc_buffer_alloc(dev, ((size_t)n_msms + 1) * 4, GC_MEM_DEVICE, &p->task_first)) ||
        (st = gc_buffer_alloc(dev, (items ? items : 1) * h * PIPPENGER_XYZZ_BYTES, GC_MEM_DEVICE, &p->buckets)) ||
        (st = gc_buffer_alloc(dev, (items ? items : 1) * PIPPENGER_G1P_BYTES, GC_MEM_DEVICE, &p->partials)) ||
        (p->n_tasks && (st = gc_buffer_write(p->tasks, 0, tasks, (size_t)p->n_tasks * 3 * 4))) ||
        (st = gc_buffer_write(p->task_first, 0, first, ((size_t)n_msms + 1) * 4)))
        kzg_pippenger_plan_free(p);
    free(tasks);
    free(first);
    return st;
}

static gc_range pippenger_range(size_t n) {
    gc_range r = {1, {(n + PIPPENGER_GROUP - 1) / PIPPENGER_GROUP * PIPPENGER_GROUP, 1, 1}, {PIPPENGER_GROUP, 1, 1},
                  0};
    return r;
}

gc_status kzg_pippenger_enqueue(const kzg_pippenger_kernels *k, const kzg_pippenger_plan *p, gc_buffer *points,
                                gc_buffer *scalars, gc_buffer *out) {
    gc_status st;
    uint32_t c = p->c, w = p->n_windows, nt = p->n_tasks, nm = p->n_msms;
    if (nt) {
        gc_arg a[] = {GC_ARG_BUF(points), GC_ARG_BUF(scalars), GC_ARG_BUF(p->tasks), GC_ARG_VAL(nt),
                      GC_ARG_VAL(c), GC_ARG_VAL(w), GC_ARG_BUF(p->buckets), GC_ARG_BUF(p->partials)};
        gc_range r = pippenger_range((size_t)nt * w);
        if ((st = gc_kernel_enqueue(k->buckets, &r, a, 8))) return st;
    }
    gc_range rt = pippenger_range((size_t)nt * w);
    for (uint32_t stride = 1; stride < p->most_tasks; stride *= 2) {
        gc_arg s[] = {GC_ARG_BUF(p->partials), GC_ARG_BUF(p->tasks), GC_ARG_BUF(p->task_first), GC_ARG_VAL(nt),
                      GC_ARG_VAL(w), GC_ARG_VAL(stride)};
        if ((st = gc_kernel_enqueue(k->task_sums, &rt, s, 6))) return st;
    }
    gc_arg f[] = {GC_ARG_BUF(p->partials), GC_ARG_BUF(p->task_first), GC_ARG_VAL(nm), GC_ARG_VAL(c), GC_ARG_VAL(w),
                  GC_ARG_BUF(out)};
    gc_range rf = pippenger_range(nm);
    return gc_kernel_enqueue(k->finish, &rf, f, 6);
}
