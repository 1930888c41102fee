/* SPDX-License-Identifier: Apache-2.0 */
/* cell_columns.h — the interpolant term of verify_cell_kzg_proof_batch's RL computed on the
 * device for every batch of a call (cell_columns.gc), after the host has computed each
 * batch's challenge and the other scalars (cell_batch.h). */
#ifndef GC_KZG_VERIFY_CELL_COLUMNS_H
#define GC_KZG_VERIFY_CELL_COLUMNS_H

#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_device.h"
#include "gpucheck/gc_kzg.h"

typedef struct {
    gc_kernel *columns, *interp, *sums;
    gc_buffer *consts; /* the FFT's twiddles, 1/64 and the columns' shifts */
} kzg_cell_columns_kernels;

/** The three kernels from a module that includes cell_columns.gc, and their constants on
 *  dev. GC_OK or the error (nothing kept). */
gc_status kzg_cell_columns_init(kzg_cell_columns_kernels *k, gc_device *dev, gc_module *mod);
void kzg_cell_columns_free(kzg_cell_columns_kernels *k);

/** For each batch b with status[b] == GC_KZG_OK and cells: the 64 scalars -I_i into RL's
 *  terms slot[b] + n + u[b] + i of sc (8 raw limbs a term; n the batch's cells, u[b] its
 *  unique commitments), from r^k in its LL terms slot[b] + k, as cell_batch.c's host
 *  path writes them; status[b] = GC_KZG_BADARGS where an element is >= r. sc_terms: the
 *  terms of sc. 0, or -1 for a device error or no memory. */
int kzg_cell_columns_run(const kzg_cell_columns_kernels *k, gc_device *dev, const gc_kzg_cell_batch *batches,
                         size_t nb, gc_kzg_ret *status, const size_t *slot, const size_t *u, uint32_t *sc,
                         size_t sc_terms);

#endif
