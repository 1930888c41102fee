/* SPDX-License-Identifier: Apache-2.0 */
/* proof_options.h — the command lines of `gpucheck kzg recover | compute-proof |
 * blob-proof | verify-proof | verify-blobs`: their options, help and usage errors. */
#ifndef GC_PROOF_OPTIONS_H
#define GC_PROOF_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "cli/kzg/proof_cases.h"

#define PROOF_BATCH_DEFAULT 8
#define PROOF_BATCH_MAX 256

typedef struct {
    proof_kind kind;
    const char *prog; /* "gpucheck kzg recover", ... */
    const char *device, *setup, *in, *out;
    size_t batch;
    int verbose, help;
} proof_args;

/** The kind of subcommand name sub (recover, compute-proof, blob-proof, verify-proof,
 *  verify-blobs): 1, or 0. */
int proof_kind_of(const char *sub, proof_kind *kind);
void proof_print_help(FILE *f, proof_kind kind);
/** "PROG: MESSAGE" on stderr; returns 2 (the usage exit status). */
int proof_usage_error(const proof_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** argv[0] is the subcommand. Returns -1 to go on, else an exit status (0 after --help). */
int proof_parse_args(int argc, char **argv, proof_kind kind, proof_args *a);

#endif
