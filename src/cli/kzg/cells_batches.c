/* SPDX-License-Identifier: Apache-2.0 */
/* cells_batches.c — the three batches' host buffers. Fresh memory costs a page fault per
 * 4 KiB on its first write: on the H200's host the library's copy of 128 blobs' cells
 * into a fresh batch took 13-17 ms against 1.1-1.8 ms once the buffer had been used,
 * which made the first three batches of every run 25-45% slower. A thread of its own
 * faults the pages in ahead of use with MADV_POPULATE_WRITE, which maps them writable
 * without touching their bytes, so it may run beside the reader and the library writing
 * the same buffers (Linux 5.14; elsewhere it is left out and only the first batches pay).
 * The batches are populated in the order they are used, and only as far as the input's
 * expected size reaches, so that a short input maps no more than it needs. */
#include "cli/kzg/cells_batches.h"
#include "cli/kzg/cells_sink.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#define PAGE 4096u

static void *alloc_pages(size_t bytes) {
    void *p = NULL;
    return posix_memalign(&p, PAGE, bytes ? bytes : 1) == 0 ? p : NULL;
}

static void populate(void *p, size_t bytes) {
#ifdef MADV_POPULATE_WRITE
    size_t whole = bytes / PAGE * PAGE; /* the start is page-aligned (alloc_pages) */
    if (whole) (void)madvise(p, whole, MADV_POPULATE_WRITE);
#else
    (void)p;
    (void)bytes;
#endif
}

static void *populate_stage(void *arg) {
    cells_run *r = arg;
    gc_sink_block_signals(); /* only the reading thread takes SIGINT/SIGTERM */
    size_t left = r->expected_total ? r->expected_total : SIZE_MAX;
    size_t per_cells = r->cells_per_blob * r->cell_bytes, per_proofs = r->cells_per_blob * GC_KZG_BYTES_PER_PROOF;
    for (size_t i = 0; i < N_BATCHES && left; i++) {
        cells_batch *b = &r->batches[i];
        size_t n = left < r->max_batch ? left : r->max_batch;
        left -= n;
        /* the order of use: the library writes the cells first, the reader the blobs */
        populate(b->cells, n * per_cells);
        populate(b->blobs, n * GC_KZG_BYTES_PER_BLOB);
        populate(b->proofs, n * per_proofs);
    }
    return NULL;
}

int gc_cells_batches_alloc(cells_run *r) {
    size_t n = r->max_batch;
    for (size_t i = 0; i < N_BATCHES; i++) {
        cells_batch *b = &r->batches[i];
        b->blobs = alloc_pages(n * GC_KZG_BYTES_PER_BLOB);
        b->cells = alloc_pages(n * r->cells_per_blob * r->cell_bytes);
        b->proofs = alloc_pages(n * r->cells_per_blob * GC_KZG_BYTES_PER_PROOF);
        b->commitments = malloc(n * GC_KZG_BYTES_PER_COMMITMENT);
        b->status = malloc(n * sizeof *b->status);
        if (!b->blobs || !b->cells || !b->proofs || !b->commitments || !b->status) return 0;
    }
    r->populating = pthread_create(&r->populate_thread, NULL, populate_stage, r) == 0;
    return 1;
}

void gc_cells_batches_free(cells_run *r) {
    if (r->populating) pthread_join(r->populate_thread, NULL);
    r->populating = 0;
    for (size_t i = 0; i < N_BATCHES; i++) {
        cells_batch *b = &r->batches[i];
        free(b->recs);
        free(b->blobs);
        free(b->cells);
        free(b->proofs);
        free(b->commitments);
        free(b->status);
    }
}
