/* SPDX-License-Identifier: Apache-2.0 */
/* verify_cases.h — the parts of proof_cases.h's functions for `gpucheck kzg verify-proof`
 * and `verify-blobs` (PROOF_VERIFY_KZG, PROOF_VERIFY_BLOBS): proof_cases.c calls them for
 * those kinds, with the same arguments and answers. */
#ifndef GC_VERIFY_CASES_H
#define GC_VERIFY_CASES_H

#include "cli/kzg/proof_cases.h"
#include "common/json_parse.h"

int verify_batch_init(proof_batch *b); /* b->kind, b->cap and b->status set */
int verify_case_parse(proof_batch *b, const gc_json *obj, char *why, size_t why_len);
gc_kzg_ret verify_batch_run(proof_batch *b, gc_kzg_ctx *ctx);
size_t verify_record_answer(const proof_batch *b, size_t slot, size_t index, char **buf, size_t *cap);

#endif
