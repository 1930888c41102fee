/* SPDX-License-Identifier: Apache-2.0 */
/* cell_batch.h — the G1 side of EIP-7594's verify_cell_kzg_proof_batch as two MSMs, as
 * c-kzg-4844 2.1.8 computes it: with r the batch challenge (challenge.h),
 *   LL = sum_k r^k proof_k                                     (n terms over the proofs)
 *   RL = sum_i w_i C_i - [I(s)] + sum_k r^k h_k^64 proof_k     (u + 64 + n terms: the
 *        unique commitments, the setup's first 64 monomial points, the proofs)
 * w_i the sum of r^k over the cells of commitment i, I the sum over columns of the
 * r^k-weighted cells' interpolation polynomials (an inverse DFT of 64 points on each used
 * column, shifted by h^-1), h_k the coset shift of cell k. The pairing check is then
 * e(RL, [1]) = e(LL, [s^64]). */
#ifndef GC_KZG_VERIFY_CELL_BATCH_H
#define GC_KZG_VERIFY_CELL_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "crypto/kzg/kzg_shared.h"

#define KZG_CELLS_PER_EXT_BLOB 128u
#define KZG_FIELD_ELEMENTS_PER_CELL KZG_CELL_ELEMENTS /* kzg_shared.h: the kernels' too */

/** The MSMs' scalars (raw little-endian 32-bit limbs, 8 a scalar) of a batch of n cells:
 *  ll (8 n words) and rl (8 (u + 64 + n) words), from the u unique commitments (48 B each, in
 *  order of first appearance) and each cell's index into them (cidx), the cell indices, the
 *  cells (2048 B each) and proofs (48 B each, as given: the challenge hashes their bytes).
 *  Returns 0, or -1 (c-kzg's C_KZG_BADARGS) for a cell index >= 128 or an element >= r. */
int kzg_cell_batch_scalars(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u, const uint64_t *cidx,
                           const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs, size_t n);

/** The same with the columns split into `parts` parts, each on a thread of its own (at most
 *  16; 0: one part per 512 cells, at most one per core), for tests of the split. */
int kzg_cell_batch_scalars_parts(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u, const uint64_t *cidx,
                                 const uint64_t *cell_indices, const uint8_t *cells, const uint8_t *proofs, size_t n,
                                 size_t parts);

/** The same but RL's 64 interpolant terms rl[8 u .. 8 (u + 64)), left as they were, for
 *  the device to fill (cell_columns.h), and without checking the elements (the device
 *  does); and with every scalar times `start` (32 bytes big-endian, < r and not 0; NULL:
 *  1), which scales both MSMs and leaves the check's verdict as it was, so that the checks
 *  of several batches can be combined. Returns 0, -1 for a cell index >= 128, -2 for no
 *  memory. */
int kzg_cell_batch_scalars_but_interpolant(uint32_t *ll, uint32_t *rl, const uint8_t *unique, size_t u,
                                           const uint64_t *cidx, const uint64_t *cell_indices, const uint8_t *cells,
                                           const uint8_t *proofs, size_t n, const uint8_t start[32]);

#endif
