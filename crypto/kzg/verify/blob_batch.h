/* SPDX-License-Identifier: Apache-2.0 */
/* blob_batch.h — the G1 side of EIP-4844's verify_blob_kzg_proof_batch (for n >= 2; c-kzg
 * verifies n = 1 as verify_blob_kzg_proof) as two MSMs, as c-kzg-4844 2.1.8 computes it, once
 * each blob's evaluation challenge z_i and value y_i are known: with r the batch challenge,
 *   LL = sum_i r^i proof_i                                        (n terms over the proofs)
 *   RL = sum_i r^i C_i + [-sum_i r^i y_i] G + sum_i r^i z_i proof_i  (2 n + 1 terms: the
 *        commitments, the generator, the proofs)
 * and the pairing check is e(LL, [s]) = e(RL, [1]). */
#ifndef GC_KZG_VERIFY_BLOB_BATCH_H
#define GC_KZG_VERIFY_BLOB_BATCH_H

#include <stddef.h>
#include <stdint.h>

/** The scalars (raw little-endian 32-bit limbs, 8 a scalar) of LL (8 n words) and RL
 *  (8 (2 n + 1) words) from the commitments and proofs (48 B each, as encoded), zs and ys
 *  (32 B big-endian each). Returns 0, or -1 for a z or y >= r. */
int kzg_blob_batch_scalars(uint32_t *ll, uint32_t *rl, const uint8_t *commitments, const uint8_t *zs,
                           const uint8_t *ys, const uint8_t *proofs, size_t n);

#endif
