/* SPDX-License-Identifier: Apache-2.0 */
/* proof_cases.c — the cases and records of the proof commands (proof_cases.h).
 *
 * A line is refused here (never reaching the device) when it is not one JSON object with
 * the kind's fields as "0x" hex strings of their exact sizes, or, for recover, with a
 * cell index that is not a non-negative integer, more than 128 cells, or a count of
 * indices other than that of cells. What remains is c-kzg's to judge: the library
 * refuses an element >= r, a z >= r, a commitment off the curve or the subgroup, fewer
 * than 64 cells, an index >= 128 and indices out of order, each as that case's status. */
#include "cli/kzg/proof_cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/kzg/case_fields.h"
#include "cli/kzg/verify_cases.h"
#include "common/hex.h"
#include "common/json_parse.h"

static size_t arg_bytes(proof_kind k) { return k == PROOF_KZG ? 32 : GC_KZG_BYTES_PER_COMMITMENT; }

int proof_batch_init(proof_batch *b, proof_kind kind, size_t cap) {
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->cap = cap;
    b->status = calloc(cap, sizeof *b->status);
    if (kind == PROOF_VERIFY_KZG || kind == PROOF_VERIFY_BLOBS) return b->status && verify_batch_init(b);
    if (kind == PROOF_RECOVER) {
        b->indices = malloc(cap * PROOF_CELLS * sizeof *b->indices);
        b->cells_in = malloc(cap * PROOF_CELLS * PROOF_CELL_BYTES);
        b->num_cells = calloc(cap, sizeof *b->num_cells);
        b->cells_out = malloc(cap * PROOF_CELLS * PROOF_CELL_BYTES);
        b->proofs = malloc(cap * PROOF_CELLS * GC_KZG_BYTES_PER_PROOF);
        return b->status && b->indices && b->cells_in && b->num_cells && b->cells_out && b->proofs;
    }
    b->blobs = malloc(cap * GC_KZG_BYTES_PER_BLOB);
    b->args = malloc(cap * arg_bytes(kind));
    b->proofs = malloc(cap * GC_KZG_BYTES_PER_PROOF);
    if (kind == PROOF_KZG) b->ys = malloc(cap * 32);
    return b->status && b->blobs && b->args && b->proofs && (kind != PROOF_KZG || b->ys);
}

void proof_batch_free(proof_batch *b) {
    free(b->blobs), free(b->args), free(b->indices), free(b->cells_in), free(b->num_cells);
    free(b->cells_out), free(b->proofs), free(b->ys), free(b->status);
    free(b->commitments), free(b->zs), free(b->num_blobs), free(b->valid);
    memset(b, 0, sizeof *b);
}

int proof_batch_full(const proof_batch *b) {
    return b->n == b->cap || (b->kind == PROOF_VERIFY_BLOBS && b->n_blobs >= PROOF_BLOBS_HELD);
}

/* A recovery line of 128 cells is 0.5 MiB; a verify-blobs line of 64 MiB about 250 blobs. */
size_t proof_max_line(proof_kind kind) { return kind == PROOF_VERIFY_BLOBS ? 64u << 20 : 4u << 20; }

static int parse_recover(proof_batch *b, const gc_json *obj, char *why, size_t why_len) {
    const gc_json *idx = gc_json_get(obj, "cell_indices"), *cells = gc_json_get(obj, "cells");
    if (!idx || idx->type != GC_JSON_ARRAY) return snprintf(why, why_len, "no \"cell_indices\" array"), 0;
    if (!cells || cells->type != GC_JSON_ARRAY) return snprintf(why, why_len, "no \"cells\" array"), 0;
    if (idx->n != cells->n)
        return snprintf(why, why_len, "%zu cell indices for %zu cells", idx->n, cells->n), 0;
    if (cells->n > PROOF_CELLS) return snprintf(why, why_len, "%zu cells (at most %d)", cells->n, PROOF_CELLS), 0;
    uint64_t *ix = b->indices + b->n_cells;
    uint8_t *cl = b->cells_in + b->n_cells * PROOF_CELL_BYTES;
    for (size_t i = 0; i < idx->n; i++) {
        double d = idx->items[i].number;
        if (idx->items[i].type != GC_JSON_NUMBER || d < 0 || d != (double)(uint64_t)d || d >= 18446744073709551616.0)
            return snprintf(why, why_len, "cell_indices[%zu] is not an integer in 0..2^64-1", i), 0;
        ix[i] = (uint64_t)d;
        char what[32];
        snprintf(what, sizeof what, "cells[%zu]", i);
        if (!case_json_hex(&cells->items[i], what, cl + i * PROOF_CELL_BYTES, PROOF_CELL_BYTES, why, why_len)) return 0;
    }
    b->num_cells[b->n] = cells->n;
    b->n_cells += cells->n;
    return 1;
}

int proof_case_parse(proof_batch *b, const char *line, size_t len, char *why, size_t why_len) {
    char err[256];
    gc_json *obj = gc_json_parse(line, len, err, sizeof err);
    if (!obj) return snprintf(why, why_len, "not JSON: %s", err), 0;
    int ok = 0;
    if (obj->type != GC_JSON_OBJECT) snprintf(why, why_len, "not a JSON object");
    else if (b->kind == PROOF_RECOVER) ok = parse_recover(b, obj, why, why_len);
    else if (b->kind == PROOF_VERIFY_KZG || b->kind == PROOF_VERIFY_BLOBS) ok = verify_case_parse(b, obj, why, why_len);
    else
        ok = case_hex_field(obj, "blob", b->blobs + b->n * GC_KZG_BYTES_PER_BLOB, GC_KZG_BYTES_PER_BLOB, why,
                             why_len) &&
             case_hex_field(obj, b->kind == PROOF_KZG ? "z" : "commitment", b->args + b->n * arg_bytes(b->kind),
                       arg_bytes(b->kind), why, why_len);
    gc_json_free(obj);
    if (ok) b->n++;
    return ok;
}

gc_kzg_ret proof_batch_run(proof_batch *b, gc_kzg_ctx *ctx) {
    switch (b->kind) {
    case PROOF_RECOVER:
        return gc_kzg_recover_cells_and_proofs(ctx, b->cells_out, b->proofs, b->indices, b->cells_in, b->num_cells,
                                               b->n, b->status);
    case PROOF_KZG: return gc_kzg_compute_kzg_proof(ctx, b->proofs, b->ys, b->blobs, b->args, b->n, b->status);
    case PROOF_VERIFY_KZG:
    case PROOF_VERIFY_BLOBS: return verify_batch_run(b, ctx);
    default: return gc_kzg_compute_blob_kzg_proof(ctx, b->proofs, b->blobs, b->args, b->n, b->status);
    }
}

static char *put_hex_str(char *p, const uint8_t *b, size_t n) {
    memcpy(p, "\"0x", 3);
    p = gc_hex_encode(p + 3, b, n);
    *p++ = '"';
    return p;
}

static char *put_hex_list(char *p, const char *key, const uint8_t *b, size_t n, size_t size) {
    p += sprintf(p, ", \"%s\": [", key);
    for (size_t i = 0; i < n; i++) {
        if (i) p += sprintf(p, ", ");
        p = put_hex_str(p, b + i * size, size);
    }
    *p++ = ']';
    return p;
}

size_t proof_record_answer(const proof_batch *b, size_t slot, size_t index, char **buf, size_t *cap) {
    if (b->kind == PROOF_VERIFY_KZG || b->kind == PROOF_VERIFY_BLOBS) return verify_record_answer(b, slot, index, buf, cap);
    size_t need = 128 + PROOF_CELLS * (2 * PROOF_CELL_BYTES + 2 * GC_KZG_BYTES_PER_PROOF + 16);
    if (!case_reserve(buf, cap, need)) return 0;
    char *p = *buf + sprintf(*buf, "{\"index\": %zu", index);
    if (b->kind == PROOF_RECOVER) {
        p = put_hex_list(p, "cells", b->cells_out + slot * PROOF_CELLS * PROOF_CELL_BYTES, PROOF_CELLS,
                         PROOF_CELL_BYTES);
        p = put_hex_list(p, "proofs", b->proofs + slot * PROOF_CELLS * GC_KZG_BYTES_PER_PROOF, PROOF_CELLS,
                         GC_KZG_BYTES_PER_PROOF);
    } else {
        p = put_hex_str(p + sprintf(p, ", \"proof\": "), b->proofs + slot * GC_KZG_BYTES_PER_PROOF,
                        GC_KZG_BYTES_PER_PROOF);
        if (b->kind == PROOF_KZG) p = put_hex_str(p + sprintf(p, ", \"y\": "), b->ys + slot * 32, 32);
    }
    p += sprintf(p, "}\n");
    return (size_t)(p - *buf);
}

size_t proof_record_error(size_t index, const char *error, const char *message, char **buf, size_t *cap) {
    size_t n = strlen(message);
    if (!case_reserve(buf, cap, 128 + strlen(error) + 6 * n)) return 0;
    char *p = *buf + sprintf(*buf, "{\"index\": %zu, \"error\": \"%s\", \"message\": \"", index, error);
    for (size_t i = 0; i < n; i++) { /* JSON string escapes: the message may quote the input */
        unsigned char c = (unsigned char)message[i];
        if (c == '"' || c == '\\') *p++ = '\\', *p++ = (char)c;
        else if (c < 0x20) p += sprintf(p, "\\u%04x", c);
        else *p++ = (char)c;
    }
    p += sprintf(p, "\"}\n");
    return (size_t)(p - *buf);
}
