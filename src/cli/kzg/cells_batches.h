/* SPDX-License-Identifier: Apache-2.0 */
/* cells_batches.h — the host buffers of `gpucheck kzg cells`'s three batches. */
#ifndef GC_CELLS_BATCHES_H
#define GC_CELLS_BATCHES_H

#include "cli/kzg/cells_run.h"

/** The buffers of the three batches for r->max_batch blobs each, pre-faulted on a thread
 *  of their own while the first batch is read; 0 when the host has no room. */
int gc_cells_batches_alloc(cells_run *r);

/** Waits for the pre-faulting and frees every batch. */
void gc_cells_batches_free(cells_run *r);

#endif
