/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg.h — c-kzg-4844's C interface (version 2.1.x), computed by gpucheck on a device.
 *
 * A program or binding written for c-kzg-4844 includes "ckzg.h" and links
 * libgpucheck-ckzg.so (`cc prog.c $(pkg-config --cflags --libs gpucheck-ckzg)`): the
 * constants, types, return codes and signatures below are c-kzg-4844 2.1.x's, and the
 * bytes computed are its bytes. What differs is where the work runs:
 *
 * - load_trusted_setup / load_trusted_setup_file open a device and precompute on it: the
 *   default device (the first CUDA GPU, else an OpenCL GPU, else an OpenCL CPU device such
 *   as PoCL), or those named by the environment variable GPUCHECK_CKZG_DEVICE, which takes
 *   what `gpucheck kzg --device` takes: an id ("cuda:0", "opencl:0:1"), a name or a whole
 *   word of one ("H200", "pthread"), a comma list of them, or `all` (every device of the
 *   default one's backend and kind). Several devices share a call's batch; a call of one
 *   blob runs on the first.
 * - `precompute` (0..15 as in c-kzg; larger is C_KZG_BADARGS) sizes the device's
 *   fixed-base MSM tables instead of c-kzg's CPU ones: 0 takes gpucheck's default for the
 *   device (none on a CPU device, at most 4 GiB and a quarter of a GPU's memory);
 *   6..15 asks for comb tables of that many teeth (2^(p-1) points a base, as c-kzg's
 *   tables of p bits: 1.1 GiB of device memory at 11); 1..5, no tables (the least memory).
 * - KZGSettings has c-kzg's size (ten machine words) but not its fields: it holds a
 *   pointer to gpucheck's state (the checked setup, the devices and their contexts).
 *   Calls from many threads on one KZGSettings are safe; they take turns on the device
 *   (a mutex around its context), as the device itself runs one batch at a time.
 * - C_KZG_BADARGS also for NULL pointers where c-kzg would crash; C_KZG_ERROR when the
 *   device fails (gpucheck_ckzg_last_error() then says why); C_KZG_MALLOC when host or
 *   device memory runs out.
 *
 * Every public function of c-kzg-4844 2.x: load_trusted_setup, load_trusted_setup_file,
 * free_trusted_setup, blob_to_kzg_commitment, compute_kzg_proof, compute_blob_kzg_proof,
 * verify_kzg_proof, verify_blob_kzg_proof, verify_blob_kzg_proof_batch,
 * compute_cells_and_kzg_proofs, recover_cells_and_kzg_proofs, verify_cell_kzg_proof_batch
 * (all but compute_cells_and_kzg_proofs and blob_to_kzg_commitment on the first device). */
#ifndef GPUCHECK_CKZG_H
#define GPUCHECK_CKZG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h> /* FILE */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- constants (c-kzg-4844: common/bytes.h, eip4844/blob.h, eip7594/cell.h) ---------- */
#define BYTES_PER_COMMITMENT 48
#define BYTES_PER_PROOF 48
#define BYTES_PER_FIELD_ELEMENT 32
#define FIELD_ELEMENTS_PER_BLOB 4096
#define BYTES_PER_BLOB (FIELD_ELEMENTS_PER_BLOB * BYTES_PER_FIELD_ELEMENT)
#define LOG_EXPANSION_FACTOR 1
#define FIELD_ELEMENTS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_BLOB << LOG_EXPANSION_FACTOR)
#define FIELD_ELEMENTS_PER_CELL 64
#define BYTES_PER_CELL (FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT)
#define CELLS_PER_BLOB (FIELD_ELEMENTS_PER_BLOB / FIELD_ELEMENTS_PER_CELL)
#define CELLS_PER_EXT_BLOB (FIELD_ELEMENTS_PER_EXT_BLOB / FIELD_ELEMENTS_PER_CELL)

/* ---- types ---------------------------------------------------------------------------- */
typedef enum {
    C_KZG_OK = 0,  /* success */
    C_KZG_BADARGS, /* the supplied data is invalid in some way */
    C_KZG_ERROR,   /* internal error (here also: the device failed) */
    C_KZG_MALLOC,  /* could not allocate (host or device) memory */
} C_KZG_RET;

/** 32 bytes: an untrusted (possibly invalid) field element. */
typedef struct {
    uint8_t bytes[32];
} Bytes32;

/** 48 bytes: an untrusted (possibly invalid) commitment or proof. */
typedef struct {
    uint8_t bytes[48];
} Bytes48;

/** 4096 field elements of 32 big-endian bytes. */
typedef struct {
    uint8_t bytes[BYTES_PER_BLOB];
} Blob;

/** 64 field elements of 32 big-endian bytes: one cell of the extended blob. */
typedef struct {
    uint8_t bytes[BYTES_PER_CELL];
} Cell;

typedef Bytes48 KZGCommitment;
typedef Bytes48 KZGProof;

struct gpucheck_ckzg_state;

/** A loaded setup and the devices computing with it. Complete, so that it can live on the
 *  stack or in a binding's own memory as c-kzg's does; zero it or load it before use. */
typedef struct {
    struct gpucheck_ckzg_state *gpucheck; /* NULL: not loaded (or freed) */
    void *reserved_[9];                   /* c-kzg-4844 2.x's KZGSettings is ten words */
} KZGSettings;

/* ---- setup/setup.h ---------------------------------------------------------------------- */
/** The three parts of the trusted setup as compressed points (4096 x 48, 4096 x 48,
 *  65 x 96 bytes; Lagrange points in the order of c-kzg's text file), each checked. */
C_KZG_RET load_trusted_setup(KZGSettings *out, const uint8_t *g1_monomial_bytes, uint64_t num_g1_monomial_bytes,
                             const uint8_t *g1_lagrange_bytes, uint64_t num_g1_lagrange_bytes,
                             const uint8_t *g2_monomial_bytes, uint64_t num_g2_monomial_bytes,
                             uint64_t precompute);
/** c-kzg's text format ("4096\n65\n", G1 Lagrange, G2 monomial, G1 monomial, one hex
 *  point a line), read from `in` to its end. */
C_KZG_RET load_trusted_setup_file(KZGSettings *out, FILE *in, uint64_t precompute);
/** Releases the devices and the setup; s may be NULL or already freed. */
void free_trusted_setup(KZGSettings *s);

/* ---- eip4844/eip4844.h ------------------------------------------------------------------- */
C_KZG_RET blob_to_kzg_commitment(KZGCommitment *out, const Blob *blob, const KZGSettings *s);
/** The proof of p(z) = y for the blob's polynomial p and y itself (32 big-endian bytes);
 *  BADARGS for an element of the blob or z >= the field's modulus. */
C_KZG_RET compute_kzg_proof(KZGProof *proof_out, Bytes32 *y_out, const Blob *blob, const Bytes32 *z_bytes,
                            const KZGSettings *s);
/** The proof at the blob's Fiat-Shamir challenge (from the blob and its commitment);
 *  BADARGS for a bad element or a commitment that is not a compressed G1 subgroup point. */
C_KZG_RET compute_blob_kzg_proof(KZGProof *out, const Blob *blob, const Bytes48 *commitment_bytes,
                                 const KZGSettings *s);

/** *ok = whether proof_bytes opens commitment_bytes at z to y (p(z) = y); BADARGS (*ok
 *  false) for z or y >= the field's modulus or a commitment or proof that is not a
 *  compressed G1 subgroup point. */
C_KZG_RET verify_kzg_proof(bool *ok, const Bytes48 *commitment_bytes, const Bytes32 *z_bytes, const Bytes32 *y_bytes,
                           const Bytes48 *proof_bytes, const KZGSettings *s);
/** *ok = whether proof_bytes is the blob's proof at its Fiat-Shamir challenge; BADARGS as
 *  compute_blob_kzg_proof, and for a proof that is not a compressed G1 subgroup point. */
C_KZG_RET verify_blob_kzg_proof(bool *ok, const Blob *blob, const Bytes48 *commitment_bytes, const Bytes48 *proof_bytes,
                                const KZGSettings *s);
/** *ok = whether every blob's proof is valid (one random linear combination); n = 0: *ok
 *  true; any refused input as verify_blob_kzg_proof: BADARGS. */
C_KZG_RET verify_blob_kzg_proof_batch(bool *ok, const Blob *blobs, const Bytes48 *commitments_bytes,
                                      const Bytes48 *proofs_bytes, uint64_t n, const KZGSettings *s);

/* ---- eip7594/eip7594.h ------------------------------------------------------------------- */
/** CELLS_PER_EXT_BLOB cells and proofs of a blob; either output may be NULL (not both). */
C_KZG_RET compute_cells_and_kzg_proofs(Cell *cells, KZGProof *proofs, const Blob *blob, const KZGSettings *s);
/** All CELLS_PER_EXT_BLOB cells (and proofs, unless recovered_proofs is NULL) from
 *  num_cells of them (64..128) with their strictly ascending indices (< 128); BADARGS
 *  otherwise and for an element >= the field's modulus. */
C_KZG_RET recover_cells_and_kzg_proofs(Cell *recovered_cells, KZGProof *recovered_proofs,
                                       const uint64_t *cell_indices, const Cell *cells, uint64_t num_cells,
                                       const KZGSettings *s);
/** *ok = whether every proofs_bytes[k] opens commitments_bytes[k] at cell cell_indices[k] to
 *  cells[k], k < num_cells (c-kzg's batch equation and challenge). num_cells = 0: *ok true.
 *  C_KZG_BADARGS (*ok false) for an index >= CELLS_PER_EXT_BLOB, an element >= r, or a
 *  commitment or proof that is not a compressed point of the G1 subgroup. */
C_KZG_RET verify_cell_kzg_proof_batch(bool *ok, const Bytes48 *commitments_bytes, const uint64_t *cell_indices,
                                      const Cell *cells, const Bytes48 *proofs_bytes, uint64_t num_cells,
                                      const KZGSettings *s);

/* ---- gpucheck's addition ------------------------------------------------------------------ */
/** Why the calling thread's last call that failed did (the device, the setup line, the
 *  argument); "" before any failure. Never NULL. */
const char *gpucheck_ckzg_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
