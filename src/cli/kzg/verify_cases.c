/* SPDX-License-Identifier: Apache-2.0 */
/* verify_cases.c — the cases and records of `gpucheck kzg verify-proof` and `verify-blobs`
 * (proof_cases.h).
 *
 * verify-proof: {"commitment", "z", "y", "proof"} a line, all of a batch in one
 * gc_kzg_verify_kzg_proof call with a status per case. verify-blobs: {"blobs": [..],
 * "commitments": [..], "proofs": [..]} a line, one answer for the line as c-kzg's
 * verify_blob_kzg_proof_batch gives it (run_blobs: the calls a batch makes). Refused
 * here: not the fields as "0x" hex strings of their sizes, arrays of lengths that differ;
 * the library refuses z, y or an element >= r and a point not of the G1 subgroup. */
#include "cli/kzg/verify_cases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/kzg/case_fields.h"

#define P48 GC_KZG_BYTES_PER_PROOF

int verify_batch_init(proof_batch *b) {
    size_t cap = b->cap;
    b->valid = calloc(cap, sizeof *b->valid);
    if (b->kind == PROOF_VERIFY_BLOBS) { /* the blobs grow with the cases (grow_blobs) */
        b->num_blobs = calloc(cap, sizeof *b->num_blobs);
        return b->valid && b->num_blobs;
    }
    b->commitments = malloc(cap * GC_KZG_BYTES_PER_COMMITMENT);
    b->zs = malloc(cap * 32);
    b->ys = malloc(cap * 32);
    b->proofs = malloc(cap * P48);
    return b->valid && b->commitments && b->zs && b->ys && b->proofs;
}

/* Room for `need` blobs (with their commitments and proofs): 1, or 0 out of memory. */
static int grow_blobs(proof_batch *b, size_t need) {
    if (need <= b->blob_cap) return 1;
    size_t cap = b->blob_cap * 2 > need ? b->blob_cap * 2 : need;
    uint8_t *p = realloc(b->blobs, cap * GC_KZG_BYTES_PER_BLOB);
    if (!p) return 0;
    b->blobs = p;
    if (!(p = realloc(b->commitments, cap * GC_KZG_BYTES_PER_COMMITMENT))) return 0;
    b->commitments = p;
    if (!(p = realloc(b->proofs, cap * P48))) return 0;
    b->proofs = p;
    b->blob_cap = cap;
    return 1;
}

static int parse_blobs(proof_batch *b, const gc_json *obj, char *why, size_t why_len) {
    static const char *const keys[3] = {"blobs", "commitments", "proofs"};
    static const size_t sizes[3] = {GC_KZG_BYTES_PER_BLOB, GC_KZG_BYTES_PER_COMMITMENT, P48};
    const gc_json *arr[3];
    for (int k = 0; k < 3; k++) {
        arr[k] = gc_json_get(obj, keys[k]);
        if (!arr[k] || arr[k]->type != GC_JSON_ARRAY) return snprintf(why, why_len, "no \"%s\" array", keys[k]), 0;
    }
    size_t n = arr[0]->n;
    if (arr[1]->n != n || arr[2]->n != n)
        return snprintf(why, why_len, "%zu blobs, %zu commitments and %zu proofs: lengths that differ", n, arr[1]->n,
                        arr[2]->n), 0;
    if (!grow_blobs(b, b->n_blobs + n)) return snprintf(why, why_len, "out of host memory for %zu blobs", n), 0;
    uint8_t *dst[3] = {b->blobs, b->commitments, b->proofs};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            char what[40];
            snprintf(what, sizeof what, "%s[%zu]", keys[k], i);
            if (!case_json_hex(&arr[k]->items[i], what, dst[k] + (b->n_blobs + i) * sizes[k], sizes[k], why,
                                why_len))
                return 0;
        }
    b->num_blobs[b->n] = n;
    b->n_blobs += n;
    return 1;
}

int verify_case_parse(proof_batch *b, const gc_json *obj, char *why, size_t why_len) {
    if (b->kind == PROOF_VERIFY_BLOBS) return parse_blobs(b, obj, why, why_len);
    size_t i = b->n;
    return case_hex_field(obj, "commitment", b->commitments + i * GC_KZG_BYTES_PER_COMMITMENT,
                           GC_KZG_BYTES_PER_COMMITMENT, why, why_len) &&
           case_hex_field(obj, "z", b->zs + i * 32, 32, why, why_len) &&
           case_hex_field(obj, "y", b->ys + i * 32, 32, why, why_len) &&
           case_hex_field(obj, "proof", b->proofs + i * P48, P48, why, why_len);
}

/* verify-blobs: a case of one blob is c-kzg's verify_blob_kzg_proof, so a run of such
 * cases (their blobs next to each other) is one gc_kzg_verify_blob_kzg_proof call with a
 * status each; any other case is its own gc_kzg_verify_blob_kzg_proof_batch call, whose
 * BADARGS refuses that case alone. Any other error stops the run. */
static gc_kzg_ret run_blobs(proof_batch *b, gc_kzg_ctx *ctx) {
    size_t at = 0;
    for (size_t i = 0; i < b->n;) {
        size_t n = b->num_blobs[i], run = 0;
        while (i + run < b->n && b->num_blobs[i + run] == 1) run++;
        int any = b->blob_cap != 0; /* the arrays are NULL until a case holds a blob */
        const uint8_t *blobs = any ? b->blobs + at * GC_KZG_BYTES_PER_BLOB : NULL;
        const uint8_t *cms = any ? b->commitments + at * GC_KZG_BYTES_PER_COMMITMENT : NULL;
        const uint8_t *prs = any ? b->proofs + at * P48 : NULL;
        gc_kzg_ret r;
        if (run) {
            r = gc_kzg_verify_blob_kzg_proof(ctx, &b->valid[i], blobs, cms, prs, run, &b->status[i]);
            if (r != GC_KZG_OK) return r;
            i += run, at += run;
            continue;
        }
        r = gc_kzg_verify_blob_kzg_proof_batch(ctx, &b->valid[i], blobs, cms, prs, n);
        if (r != GC_KZG_OK && r != GC_KZG_BADARGS) return r;
        b->status[i++] = r;
        at += n;
    }
    return GC_KZG_OK;
}

gc_kzg_ret verify_batch_run(proof_batch *b, gc_kzg_ctx *ctx) {
    if (b->kind == PROOF_VERIFY_BLOBS) return run_blobs(b, ctx);
    return gc_kzg_verify_kzg_proof(ctx, b->valid, b->commitments, b->zs, b->ys, b->proofs, b->n, b->status);
}

size_t verify_record_answer(const proof_batch *b, size_t slot, size_t index, char **buf, size_t *cap) {
    if (!case_reserve(buf, cap, 64)) return 0;
    return (size_t)sprintf(*buf, "{\"index\": %zu, \"valid\": %s}\n", index, b->valid[slot] ? "true" : "false");
}
