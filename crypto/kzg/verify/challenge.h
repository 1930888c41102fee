/* SPDX-License-Identifier: Apache-2.0 */
/* challenge.h — the Fiat-Shamir challenges of batch verification, byte for byte as
 * c-kzg-4844 2.1.8 hashes them (SHA-256, the digest read big-endian and reduced mod r). */
#ifndef GC_KZG_VERIFY_CHALLENGE_H
#define GC_KZG_VERIFY_CHALLENGE_H

#include <stddef.h>
#include <stdint.h>

/* (a test's mutant build defines other domains before it includes challenge.c) */
#ifndef KZG_CELL_BATCH_DOMAIN
#define KZG_CELL_BATCH_DOMAIN "RCKZGCBATCH__V1_" /* EIP-7594 verify_cell_kzg_proof_batch */
#endif
#ifndef KZG_BLOB_BATCH_DOMAIN
#define KZG_BLOB_BATCH_DOMAIN "RCKZGBATCH___V1_" /* EIP-4844 verify_blob_kzg_proof_batch */
#endif
#define KZG_CHALLENGE_DOMAIN_BYTES 16u

/** The unique commitments of a batch in order of first appearance (unique, 48 B each, room
 *  for n) and each cell's index into them (indices[i]); returns their count. */
size_t kzg_dedup_commitments(uint8_t *unique, uint64_t *indices, const uint8_t *commitments, size_t n);

/** r_be (32 B, big-endian, < r) = the challenge of verify_cell_kzg_proof_batch over
 *  n_commitments unique commitments (48 B each) and n_cells cells: SHA-256 of the domain,
 *  u64be(4096), u64be(64), u64be(n_commitments), u64be(n_cells), the commitments, then per
 *  cell u64be(commitment index), u64be(cell index), its 2048 bytes and its 48-byte proof. */
void kzg_cell_batch_challenge(uint8_t r_be[32], const uint8_t *unique_commitments, uint64_t n_commitments,
                              const uint64_t *commitment_indices, const uint64_t *cell_indices,
                              const uint8_t *cells, const uint8_t *proofs, uint64_t n_cells);

/** r_be = the challenge of verify_blob_kzg_proof_batch (whose powers weight its n
 *  openings): SHA-256 of the domain, u64be(4096), u64be(n), then per opening its
 *  commitment (48 B), z and y (32 B big-endian each) and proof (48 B). The encodings are
 *  those c-kzg re-compresses, equal to the inputs wherever they decoded. */
void kzg_blob_batch_challenge(uint8_t r_be[32], const uint8_t *commitments, const uint8_t *zs, const uint8_t *ys,
                              const uint8_t *proofs, uint64_t n);

/** be (32 B big-endian, any value) reduced mod r in place. */
void kzg_reduce_be32_mod_r(uint8_t be[32]);

#endif
