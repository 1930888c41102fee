/* SPDX-License-Identifier: Apache-2.0 */
/* gc_kzg.h — KZG commitments, EIP-7594 cells and FK20 multi-proofs over BLS12-381, for
 * batches of blobs on one device or, through a pool, several.
 *
 * Byte formats are c-kzg-4844's: a blob is 4096 field elements of 32 big-endian bytes
 * (131,072 bytes) in bit-reversed evaluation order; a cell is L elements (2,048 bytes for
 * L = 64); commitments and proofs are 48-byte compressed G1 points. Outputs are written
 * only for blobs whose status is GC_KZG_OK; a call that fails as a whole returns with the
 * output buffers as they were (a call of one pass may write its cells while the device
 * computes its proofs, and puts back what they held if it then fails; the buffers are the
 * caller's alone for the duration of the call).
 *
 * Use: load a setup (the Ethereum ceremony's is built in), make a context for a device
 * and a cell size (this runs the per-device precomputation once), then call the batch
 * functions as often as needed. Contexts are not thread-safe; one per thread. A pool
 * (gc_kzg_pool_*, below) holds one context per device and splits each batch among them. */
#ifndef GC_KZG_H
#define GC_KZG_H

#include "gc_api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gc_device.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GC_KZG_BYTES_PER_FIELD_ELEMENT 32
#define GC_KZG_FIELD_ELEMENTS_PER_BLOB 4096
#define GC_KZG_BYTES_PER_BLOB (GC_KZG_FIELD_ELEMENTS_PER_BLOB * GC_KZG_BYTES_PER_FIELD_ELEMENT)
#define GC_KZG_FIELD_ELEMENTS_PER_EXT_BLOB (2 * GC_KZG_FIELD_ELEMENTS_PER_BLOB)
#define GC_KZG_BYTES_PER_COMMITMENT 48
#define GC_KZG_BYTES_PER_PROOF 48
#define GC_KZG_EIP7594_CELL_SIZE 64 /* field elements per cell in EIP-7594 */
#define GC_KZG_MIN_CELL_SIZE 16
#define GC_KZG_MAX_CELL_SIZE 64
/** Cells (and proofs) per blob for cell size L: 8192 / L. */
#define GC_KZG_CELLS_PER_BLOB(L) (GC_KZG_FIELD_ELEMENTS_PER_EXT_BLOB / (L))
/** Bytes of one cell for cell size L. */
#define GC_KZG_BYTES_PER_CELL(L) ((L) * GC_KZG_BYTES_PER_FIELD_ELEMENT)

#define GC_KZG_SETUP_G1_POINTS 4096
#define GC_KZG_SETUP_G2_POINTS 65

/* The library's results: one per call, and one per blob of a batch. */
#define GC_KZG_RET_LIST(X)                                                                     \
    X(GC_KZG_OK, "success")                                                                    \
    X(GC_KZG_BADARGS, "invalid argument (c-kzg's C_KZG_BADARGS): a blob element >= r, a "      \
                      "NULL pointer, a zero count, an unsupported cell size")                  \
    X(GC_KZG_SETUP, "invalid trusted setup")                                                   \
    X(GC_KZG_IO, "the setup file could not be read")                                           \
    X(GC_KZG_MALLOC, "out of host memory")                                                     \
    X(GC_KZG_DEVICE_MEMORY, "the batch does not fit in device memory: use smaller batches")   \
    X(GC_KZG_DEVICE, "device, driver or kernel compilation error")                             \
    X(GC_KZG_ERROR, "internal error")

typedef enum {
#define GC_KZG_RET_ENUM_(e, s) e,
    GC_KZG_RET_LIST(GC_KZG_RET_ENUM_)
#undef GC_KZG_RET_ENUM_
    GC_KZG_RET_COUNT_
} gc_kzg_ret;

/** "GC_KZG_BADARGS", ...; never NULL. */
GC_API const char *gc_kzg_ret_name(gc_kzg_ret r);
/** A one-line message; never NULL. */
GC_API const char *gc_kzg_ret_message(gc_kzg_ret r);

/* ---- trusted setup (host) ----------------------------------------------------------
 * The c-kzg-4844 text format: "4096\n65\n", then 4096 G1 points in Lagrange form, 65 G2
 * points in monomial form and 4096 G1 points in monomial form, one hex encoding (48 or 96
 * bytes, compressed, no 0x) per line. Every point is decompressed and checked to lie on
 * its curve and in its prime-order subgroup. On failure `err` (if not NULL) names the line
 * and what is wrong with it. */
typedef struct gc_kzg_setup gc_kzg_setup;

/** The Ethereum KZG ceremony's setup, built into the library. */
GC_API gc_kzg_ret gc_kzg_setup_load_default(gc_kzg_setup **out, char *err, size_t err_len);
GC_API gc_kzg_ret gc_kzg_setup_load_file(gc_kzg_setup **out, const char *path, char *err, size_t err_len);
GC_API gc_kzg_ret gc_kzg_setup_load_buffer(gc_kzg_setup **out, const void *text, size_t len, char *err, size_t err_len);
GC_API void gc_kzg_setup_free(gc_kzg_setup *s);
/** SHA-256 of the setup's canonical point encodings, as 64 lowercase hex digits. */
GC_API const char *gc_kzg_setup_digest(const gc_kzg_setup *s);

/* ---- per-device context ---------------------------------------------------------- */
/** comb_teeth for a context without MSM tables: every MSM by double-and-add over the
 *  bases themselves. The least device memory (about 2 MiB of precomputation instead of
 *  1.1 GiB at 11 teeth), several times slower on a GPU; the default on a CPU device. */
#define GC_KZG_NO_TABLES 0xffu
/** The fixed-base MSMs' signed comb tables: 2^(teeth - 1) points of 96 bytes per base
 *  (8,192 bases for FK20's FFT of the setup, 4,096 for the setup itself), ceil(255 / teeth)
 *  additions per scalar. Both tables at T teeth: 1.1 GiB at 11, 9 GiB at 14, 36 GiB at 16. */
#define GC_KZG_COMB_TEETH_MIN 6u
#define GC_KZG_COMB_TEETH_MAX 17u
/** g1_conv_max_batch for a context that always takes the G1 FFTs. */
#define GC_KZG_NO_G1_CONV 0xffffffffu
#define GC_KZG_G1_CONV_MAX_BATCH_MAX 512u

typedef struct {
    unsigned cell_size;  /* L: 16, 32 or 64 (0: 64, EIP-7594) */
    unsigned comb_teeth; /* teeth of the MSM comb tables, 6..17 (both tables: 1.1 GiB at 11,
                          * 4.5 at 13, 9 at 14, 18 at 15, 36 at 16, 72 at 17), GC_KZG_NO_TABLES,
                          * or 0: the library's default (both tables within 4 GiB and a quarter
                          * of the device's memory: 13, and 12 for the commitment's table,
                          * from 16 GB; 12 from 12 GB; 11 below; no tables on a CPU; a table
                          * never larger than the device's largest allocation) */
    size_t max_batch;    /* blobs per device pass (0: as many as fit, at most 512) */
    unsigned g1_conv_max_batch; /* L = 64: a pass of at most this many blobs (1..512) turns
                          * FK20's two G1 FFTs into one convolution (docs/fk20.md; faster
                          * for a few blobs, about 1.5 MB of device memory per blob of this limit);
                          * GC_KZG_NO_G1_CONV: never; 0: the library's default (16 on a
                          * GPU; never on a CPU device, where it only adds work) */
    unsigned commit_teeth; /* the commitment's table alone (4,096 bases: 3 GiB at 14, 12 at
                          * 16, 24 at 17), GC_KZG_NO_TABLES, or 0: as comb_teeth (its default
                          * when that is 0 too) */
} gc_kzg_options;

typedef struct {
    unsigned cell_size, cells_per_blob;
    unsigned comb_teeth;        /* of FK20's MSM table; 0: no table */
    unsigned commit_teeth;      /* of the commitment's MSM table; 0: no table */
    size_t max_batch;           /* blobs per device pass */
    size_t precompute_bytes;    /* device memory of the precomputed tables */
    double precompute_ms;       /* wall time of the precomputation */
    size_t batch_bytes;         /* device memory per blob in flight */
    unsigned g1_conv_max_batch; /* passes of at most this many blobs take the G1 convolution;
                                 * 0: none do (L != 64, or GC_KZG_NO_G1_CONV) */
} gc_kzg_ctx_info;

typedef struct gc_kzg_ctx gc_kzg_ctx;

/** Precompute on `dev` (which stays owned by the caller and must outlive the context)
 *  for the options given (NULL: defaults). On failure `err` (if not NULL) says why
 *  (the device's status and log excerpt, or the option that is wrong). */
GC_API gc_kzg_ret gc_kzg_ctx_create(gc_kzg_ctx **out, gc_device *dev, const gc_kzg_setup *setup,
                             const gc_kzg_options *opt, char *err, size_t err_len);
GC_API void gc_kzg_ctx_free(gc_kzg_ctx *ctx);
GC_API const gc_kzg_ctx_info *gc_kzg_ctx_get_info(const gc_kzg_ctx *ctx);
/** The device status behind the last GC_KZG_DEVICE / GC_KZG_DEVICE_MEMORY, and its
 *  message (compiler or driver log excerpt), for error reports. */
GC_API gc_status gc_kzg_ctx_last_device_status(const gc_kzg_ctx *ctx, const char **message);

/* ---- batched calls -----------------------------------------------------------------
 * blobs: n * GC_KZG_BYTES_PER_BLOB bytes. status (n entries, may be NULL): GC_KZG_OK or
 * GC_KZG_BADARGS for a blob with an element >= r; such a blob's outputs are left as they
 * were and every other blob is computed. The call returns GC_KZG_OK when it ran (even if
 * some blobs were rejected: see status) and an error when nothing was computed. */

/** commitments: n * 48 bytes. */
GC_API gc_kzg_ret gc_kzg_blob_to_commitment(gc_kzg_ctx *ctx, uint8_t *commitments, const uint8_t *blobs, size_t n,
                                     gc_kzg_ret *status);
/** cells: n * cells_per_blob * L * 32 bytes (blob-major, then cell, then element). */
GC_API gc_kzg_ret gc_kzg_compute_cells(gc_kzg_ctx *ctx, uint8_t *cells, const uint8_t *blobs, size_t n,
                                gc_kzg_ret *status);
/** Cells (may be NULL), proofs (n * cells_per_blob * 48 bytes) and commitments (may be
 *  NULL, n * 48 bytes) in one pass over the batch. */
GC_API gc_kzg_ret gc_kzg_compute_cells_and_proofs(gc_kzg_ctx *ctx, uint8_t *cells, uint8_t *proofs, uint8_t *commitments,
                                           const uint8_t *blobs, size_t n, gc_kzg_ret *status);

/* ---- several devices: a pool ---------------------------------------------------------
 * One context per device, made concurrently (the precomputation is per device), and the
 * same batched calls over all of them: the batch is cut into contiguous slices, one per
 * device, in proportion to the device's compute units x clock (equal devices get equal
 * slices, the first ones a blob more where n does not divide), and each slice is one
 * batched call on that device's context (its passes of max_batch blobs one after another)
 * on a host thread of its own, so the devices work at the same time, each on its own queue
 * or stream. Outputs go straight into the caller's arrays, in input order.
 *
 * Results are the single context's: the same bytes, return codes and per-blob status
 * (GC_KZG_OK, or GC_KZG_BADARGS for a blob with an element >= r, whose outputs are left as
 * they were). A pool of one device is its context: the calls are gc_kzg_ctx's, made on the
 * calling thread. When a device fails (GC_KZG_DEVICE, GC_KZG_DEVICE_MEMORY, GC_KZG_MALLOC)
 * the call returns the error of the first device in pool order that failed, and
 * gc_kzg_pool_last_error() names it; the slices of the devices that finished are written,
 * with their status, while a failed device's slice is left as it was and every status
 * entry of it (status not NULL) is set to that device's error: no blob that was not
 * computed is ever marked GC_KZG_OK. (A single context leaves status as it was on a
 * failure; without status, treat the whole batch as not computed.) Invalid arguments fail
 * the call before any device work and write nothing. A pool is not thread-safe. */
#define GC_KZG_POOL_MAX_DEVICES 1024

typedef struct gc_kzg_pool gc_kzg_pool;

typedef struct {
    size_t n_devices;
    unsigned cell_size, cells_per_blob;
    size_t max_batch; /* the devices' max_batch added up: a call of this many blobs gives
                       * each of equal devices one full pass */
    double create_ms; /* wall time of making every context (concurrently) */
} gc_kzg_pool_info;

/** A context on each of devices[0..n_devices) (each stays owned by the caller, must
 *  outlive the pool, and appears once: open a device again for a second context on it),
 *  every one with the options given (NULL: defaults; max_batch is per device). On failure
 *  nothing is kept, and `err` (if not NULL) names the first device that failed ("device 1
 *  (cuda:1): ...") or the argument that is wrong. */
GC_API gc_kzg_ret gc_kzg_pool_create(gc_kzg_pool **out, gc_device *const *devices, size_t n_devices,
                              const gc_kzg_setup *setup, const gc_kzg_options *opt, char *err, size_t err_len);
GC_API void gc_kzg_pool_free(gc_kzg_pool *pool);
/** NULL for a NULL pool. */
GC_API const gc_kzg_pool_info *gc_kzg_pool_get_info(const gc_kzg_pool *pool);
/** Device i's context (its gc_kzg_ctx_get_info: precomputation bytes and time, max_batch),
 *  or NULL for a NULL pool or i out of range. Calls on it are single-device calls. */
GC_API gc_kzg_ctx *gc_kzg_pool_ctx(const gc_kzg_pool *pool, size_t i);
/** After a call that returned a device's error: that result, the device's index in the
 *  pool and a message naming the device, the slice and the cause ("device 1 (cuda:1),
 *  blobs 256..511 of the call: GC_KZG_DEVICE: msm_comb: GC_ERR_LAUNCH: ..."); GC_KZG_OK
 *  (device SIZE_MAX, message "") after a call that no device failed. device and message
 *  may be NULL. */
GC_API gc_kzg_ret gc_kzg_pool_last_error(const gc_kzg_pool *pool, size_t *device, const char **message);

/** gc_kzg_blob_to_commitment, gc_kzg_compute_cells and gc_kzg_compute_cells_and_proofs
 *  over the pool's devices, with the same arguments and results (above). */
GC_API gc_kzg_ret gc_kzg_pool_blob_to_commitment(gc_kzg_pool *pool, uint8_t *commitments, const uint8_t *blobs, size_t n,
                                          gc_kzg_ret *status);
GC_API gc_kzg_ret gc_kzg_pool_compute_cells(gc_kzg_pool *pool, uint8_t *cells, const uint8_t *blobs, size_t n,
                                     gc_kzg_ret *status);
GC_API gc_kzg_ret gc_kzg_pool_compute_cells_and_proofs(gc_kzg_pool *pool, uint8_t *cells, uint8_t *proofs,
                                                uint8_t *commitments, const uint8_t *blobs, size_t n,
                                                gc_kzg_ret *status);

/* ---- EIP-7594 recovery -------------------------------------------------------------
 * Blob b's input is num_cells[b] cells (2,048 bytes each, L = 64 only) with their indices;
 * the blobs' cells and indices follow one another in `cells` and `cell_indices` (blob b's
 * start after those of blobs 0 .. b-1). As c-kzg-4844's recover_cells_and_kzg_proofs, a
 * blob is rejected (status GC_KZG_BADARGS, its outputs left as they were) for fewer than
 * 64 or more than 128 cells, an index >= 128, indices not strictly ascending (duplicates
 * included) or an element >= r; every other blob gets c-kzg's 128 cells (n * 128 * 2,048
 * bytes of cells_out) and, where proofs_out is not NULL, its 128 proofs (n * 128 * 48
 * bytes; NULL: cells only). The call fails as a whole (GC_KZG_BADARGS, nothing written)
 * for a NULL context, cells_out or num_cells, n = 0, a context of another cell size, or
 * cells present with cell_indices or cells NULL. */
GC_API gc_kzg_ret gc_kzg_recover_cells_and_proofs(gc_kzg_ctx *ctx, uint8_t *cells_out, uint8_t *proofs_out,
                                                  const uint64_t *cell_indices, const uint8_t *cells,
                                                  const size_t *num_cells, size_t n, gc_kzg_ret *status);

/* ---- EIP-4844 proofs ------------------------------------------------------------------
 * As c-kzg-4844's compute_kzg_proof and compute_blob_kzg_proof, for n blobs a call: a blob
 * is rejected (status GC_KZG_BADARGS, its outputs left as they were) for an element >= r,
 * a z >= r, or a commitment that is not a valid compressed G1 point of the subgroup (the
 * identity is one); the call fails as a whole (GC_KZG_BADARGS, nothing written) for a
 * NULL context or array, or n = 0. */
/** zs: n * 32 bytes (big-endian); proofs: n * 48 bytes; ys: n * 32 bytes, p(z). */
GC_API gc_kzg_ret gc_kzg_compute_kzg_proof(gc_kzg_ctx *ctx, uint8_t *proofs, uint8_t *ys, const uint8_t *blobs,
                                           const uint8_t *zs, size_t n, gc_kzg_ret *status);
/** commitments: n * 48 bytes; the proof at the challenge c-kzg derives from the blob and its
 *  commitment (Fiat-Shamir, domain FSBLOBVERIFY_V1_). */
GC_API gc_kzg_ret gc_kzg_compute_blob_kzg_proof(gc_kzg_ctx *ctx, uint8_t *proofs, const uint8_t *blobs,
                                                const uint8_t *commitments, size_t n, gc_kzg_ret *status);

/* ---- verification (EIP-7594) ---------------------------------------------------------
 * c-kzg-4844 2.1.8's verify_cell_kzg_proof_batch, with its answers for every input: the
 * universal verification equation with c-kzg's Fiat-Shamir challenge (RCKZGCBATCH__V1_,
 * commitments deduplicated), the points decoded and subgroup-checked and the random linear
 * combinations as MSMs on the context's device, the pairing check on the host. Cells are
 * EIP-7594's (64 elements, 2,048 bytes) whatever the context's cell size. The context keeps
 * the setup's first 64 monomial G1 points and [s^64] G2 from gc_kzg_ctx_create (6.3 KB of
 * host memory); the first verification call builds the stage's kernels (a compilation, like
 * the context's own), later calls reuse them; each call allocates its device buffers (about
 * 230 bytes a cell) and frees them. Thread-safety as every call on a context: none. */

/** *ok = whether proofs[k] (48 B each) opens commitments[k] (48 B each) at the cell
 *  cell_indices[k] (< 128) to the 64 elements of cells[k] (2,048 B each), k < num_cells.
 *  As c-kzg: num_cells = 0 is valid (*ok true); repeated cells and commitments are allowed;
 *  GC_KZG_BADARGS (*ok false, the reason in gc_kzg_ctx_last_device_status's message) for a
 *  cell index >= 128, an element >= r, a commitment or proof that is not the compressed
 *  encoding of a point of the prime-order subgroup, or a NULL array with num_cells > 0;
 *  GC_KZG_DEVICE or GC_KZG_MALLOC when it could not run (*ok false). */
GC_API gc_kzg_ret gc_kzg_verify_cell_kzg_proof_batch(gc_kzg_ctx *ctx, bool *ok, const uint8_t *commitments,
                                                     const uint64_t *cell_indices, const uint8_t *cells,
                                                     const uint8_t *proofs, size_t num_cells);

/** One independent batch (a sidecar's cells) of gc_kzg_verify_cell_kzg_proof_batches. */
typedef struct {
    const uint8_t *commitments;    /* num_cells * 48 bytes */
    const uint64_t *cell_indices;  /* num_cells */
    const uint8_t *cells;          /* num_cells * 2048 bytes */
    const uint8_t *proofs;         /* num_cells * 48 bytes */
    size_t num_cells;
} gc_kzg_cell_batch;

/** num_batches batches in one device call (one decoding launch, one MSM pass): ok[b] and
 *  status[b] (GC_KZG_OK or GC_KZG_BADARGS) are what gc_kzg_verify_cell_kzg_proof_batch
 *  returns for batches[b] alone; a refused batch does not stop the others. Returns
 *  GC_KZG_OK when it ran; an error (GC_KZG_DEVICE, GC_KZG_MALLOC, GC_KZG_BADARGS for NULL
 *  arrays or more than 2^24 cells in all) when nothing was verified, ok and status then as
 *  they were. */
GC_API gc_kzg_ret gc_kzg_verify_cell_kzg_proof_batches(gc_kzg_ctx *ctx, bool *ok, gc_kzg_ret *status,
                                                       const gc_kzg_cell_batch *batches, size_t num_batches);

/* ---- verification (EIP-4844) ---------------------------------------------------------
 * c-kzg-4844 2.1.8's verify_kzg_proof, verify_blob_kzg_proof and
 * verify_blob_kzg_proof_batch, with its answers for every input. The first two take n
 * independent items a call, all in one device call: the points decoded and checked, each
 * blob's Fiat-Shamir challenge (FSBLOBVERIFY_V1_, on the host's copy threads) and its
 * polynomial at it (the device), the G1 side and the pairing checks (the device, for
 * four items or more; fewer on the host). Each allocates its device buffers (about 600
 * bytes an item) and frees them; the first verification call builds the stage's kernels.
 * Thread-safety as every call on a context: none. */

/** ok[i] = whether proofs[i] opens commitments[i] (48 B each) at zs[i] to ys[i] (32 B
 *  big-endian each), i < n: c-kzg's verify_kzg_proof. status[i] (may be NULL): GC_KZG_OK,
 *  or GC_KZG_BADARGS (ok[i] false) for a z or y >= r or a commitment or proof that is not
 *  the compressed encoding of a point of the G1 subgroup (the identity is one). Returns
 *  GC_KZG_OK when it ran; GC_KZG_BADARGS (nothing written) for a NULL array or n = 0 or
 *  n > 2^24; GC_KZG_DEVICE or GC_KZG_MALLOC when it could not run (nothing written). */
GC_API gc_kzg_ret gc_kzg_verify_kzg_proof(gc_kzg_ctx *ctx, bool *ok, const uint8_t *commitments, const uint8_t *zs,
                                          const uint8_t *ys, const uint8_t *proofs, size_t n, gc_kzg_ret *status);

/** ok[i] = c-kzg's verify_blob_kzg_proof of blobs[i] (131,072 B), commitments[i] and
 *  proofs[i] (48 B each): the proof at the blob's challenge. status[i] as above, BADARGS
 *  also for a blob with an element >= r. */
GC_API gc_kzg_ret gc_kzg_verify_blob_kzg_proof(gc_kzg_ctx *ctx, bool *ok, const uint8_t *blobs,
                                               const uint8_t *commitments, const uint8_t *proofs, size_t n,
                                               gc_kzg_ret *status);

/** *ok = c-kzg's verify_blob_kzg_proof_batch over n blobs: one answer for all (a random
 *  linear combination, challenge RCKZGBATCH___V1_, two MSMs and one pairing check; a batch
 *  of one as verify_blob_kzg_proof). n = 0 is valid (*ok true). Any refused input (as
 *  gc_kzg_verify_blob_kzg_proof's BADARGS) makes the call GC_KZG_BADARGS, *ok false, the
 *  first such blob in gc_kzg_ctx_last_device_status's message. */
GC_API gc_kzg_ret gc_kzg_verify_blob_kzg_proof_batch(gc_kzg_ctx *ctx, bool *ok, const uint8_t *blobs,
                                                     const uint8_t *commitments, const uint8_t *proofs, size_t n);

#ifdef __cplusplus
}
#endif
#endif
