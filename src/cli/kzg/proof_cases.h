/* SPDX-License-Identifier: Apache-2.0 */
/* proof_cases.h — the input cases and output records of `gpucheck kzg recover`,
 * `compute-proof`, `blob-proof`, `verify-proof` and `verify-blobs`: one JSON object a line,
 * fields named as in the consensus test vectors, into the buffers of one batched gc_kzg
 * call; and the JSON Lines record of each answer or refusal. */
#ifndef GC_PROOF_CASES_H
#define GC_PROOF_CASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gpucheck/gc_kzg.h"

typedef enum { PROOF_RECOVER, PROOF_KZG, PROOF_BLOB, PROOF_VERIFY_KZG, PROOF_VERIFY_BLOBS } proof_kind;
#define PROOF_KINDS 5

#define PROOF_CELLS 128 /* cells (and proofs) of an extended blob, L = 64 */
#define PROOF_CELL_BYTES GC_KZG_BYTES_PER_CELL(64)
/* verify-blobs: a batch is computed once it holds this many blobs (16 MiB of them) */
#define PROOF_BLOBS_HELD 128

/** The inputs and outputs of up to `cap` cases, as the gc_kzg call of the kind takes them. */
typedef struct {
    proof_kind kind;
    size_t cap, n;          /* cases held */
    size_t n_cells;         /* recover: input cells held, all cases */
    uint8_t *blobs;         /* compute-proof, blob-proof: cap blobs; verify-blobs: blob_cap */
    uint8_t *args;          /* z (32 bytes) or commitment (48 bytes) of each case */
    uint8_t *commitments;   /* verify-proof: cap; verify-blobs: blob_cap */
    uint8_t *zs;            /* verify-proof: cap z values */
    size_t n_blobs, blob_cap; /* verify-blobs: blobs held (all cases), room for them */
    size_t *num_blobs;      /* verify-blobs: blobs of each case */
    bool *valid;            /* verify-proof, verify-blobs: each case's answer */
    uint64_t *indices;      /* recover: cap * 128 cell indices */
    uint8_t *cells_in;      /* recover: cap * 128 input cells */
    size_t *num_cells;      /* recover: cells of each case */
    uint8_t *cells_out;     /* recover: cap * 128 cells */
    uint8_t *proofs;        /* cap * 128 (recover), blob_cap (verify-blobs) or cap proofs */
    uint8_t *ys;            /* compute-proof, verify-proof: cap y values */
    gc_kzg_ret *status;     /* each case's status after the call */
} proof_batch;

/** Buffers for cap cases of kind; 1, or 0 out of memory. */
int proof_batch_init(proof_batch *b, proof_kind kind, size_t cap);
void proof_batch_free(proof_batch *b);
/** Whether b is to be computed before another case joins it. */
int proof_batch_full(const proof_batch *b);
/** The longest input line of kind, in bytes. */
size_t proof_max_line(proof_kind kind);

/** Parses one input line (len bytes, not NUL-terminated) into case b->n: 1 (b->n grows),
 *  or 0 with why (a sentence without the line number) in why. */
int proof_case_parse(proof_batch *b, const char *line, size_t len, char *why, size_t why_len);

/** Runs the batch's call on ctx; each case's status lands in b->status. */
gc_kzg_ret proof_batch_run(proof_batch *b, gc_kzg_ctx *ctx);

/** The record of case `slot` of b (after proof_batch_run) with index `index`, into a
 *  buffer grown as needed (*buf of *cap bytes): its length. 0 out of memory. */
size_t proof_record_answer(const proof_batch *b, size_t slot, size_t index, char **buf, size_t *cap);
/** An error record {"index", "error", "message"}: its length; 0 out of memory. */
size_t proof_record_error(size_t index, const char *error, const char *message, char **buf, size_t *cap);

#endif
