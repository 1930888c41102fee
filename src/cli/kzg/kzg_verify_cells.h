/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_verify_cells.h — `gpucheck kzg verify-cells`: verify_cell_kzg_proof_batch of each JSON
 * Lines case (gc_kzg_verify_cell_kzg_proof_batches). */
#ifndef GC_KZG_VERIFY_CELLS_H
#define GC_KZG_VERIFY_CELLS_H

#include <stdio.h>

/** argv[0] is "verify-cells". Returns 0 every line answered, 1 a line refused, 2 usage,
 *  setup or device error. */
int gc_kzg_verify_cells_command(int argc, char **argv);
void gc_kzg_verify_cells_help(FILE *f);

#endif
