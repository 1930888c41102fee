/* SPDX-License-Identifier: Apache-2.0 */
/* proof_options.c — the options and help of the proof commands (proof_options.h). */
#include "cli/kzg/proof_options.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "common/number.h"
#include "common/option_value.h"

static const char *const names[PROOF_KINDS] = {"recover", "compute-proof", "blob-proof", "verify-proof",
                                               "verify-blobs"};
static const char *const progs[PROOF_KINDS] = {"gpucheck kzg recover", "gpucheck kzg compute-proof",
                                               "gpucheck kzg blob-proof", "gpucheck kzg verify-proof",
                                               "gpucheck kzg verify-blobs"};

int proof_kind_of(const char *sub, proof_kind *kind) {
    for (int k = 0; k < PROOF_KINDS; k++)
        if (!strcmp(sub, names[k])) {
            *kind = (proof_kind)k;
            return 1;
        }
    return 0;
}

static const char *const what[PROOF_KINDS] = {
    "Recovers the 128 cells and 128 cell proofs of a blob (EIP-7594, as c-kzg-4844's\n"
    "recover_cells_and_kzg_proofs) from at least 64 of its cells. One case a line:\n"
    "  {\"cell_indices\": [0, 2, ..], \"cells\": [\"0x..\", ..]}\n"
    "(indices strictly ascending, below 128; a cell is 2,048 bytes: 4,096 hex digits). Writes\n"
    "  {\"index\": i, \"cells\": [\"0x..\" x 128], \"proofs\": [\"0x..\" x 128]}\n",
    "Computes the KZG proof of a blob's polynomial at z and y = p(z) (EIP-4844, as\n"
    "c-kzg-4844's compute_kzg_proof). One case a line:\n"
    "  {\"blob\": \"0x..\", \"z\": \"0x..\"}\n"
    "(a blob is 131,072 bytes: 262,144 hex digits; z 32 big-endian bytes). Writes\n"
    "  {\"index\": i, \"proof\": \"0x..\", \"y\": \"0x..\"}\n",
    "Computes the blob proof at the Fiat-Shamir challenge of a blob and its commitment\n"
    "(EIP-4844, as c-kzg-4844's compute_blob_kzg_proof). One case a line:\n"
    "  {\"blob\": \"0x..\", \"commitment\": \"0x..\"}\n"
    "(the commitment: a 48-byte compressed G1 point). Writes\n"
    "  {\"index\": i, \"proof\": \"0x..\"}\n",
    "Verifies a KZG proof that a commitment's polynomial is y at z (EIP-4844, as\n"
    "c-kzg-4844's verify_kzg_proof). One case a line:\n"
    "  {\"commitment\": \"0x..\", \"z\": \"0x..\", \"y\": \"0x..\", \"proof\": \"0x..\"}\n"
    "(commitment and proof 48-byte compressed G1 points; z, y 32 big-endian bytes). Writes\n"
    "  {\"index\": i, \"valid\": true|false}\n"
    "(an invalid proof is an answer: exit status 0). A batch of cases is one device call.\n",
    "Verifies blobs against their commitments and blob proofs (EIP-4844, as c-kzg-4844's\n"
    "verify_blob_kzg_proof_batch: one answer for all the blobs of a line; a line of one blob\n"
    "is its verify_blob_kzg_proof). One case a line:\n"
    "  {\"blobs\": [\"0x..\", ..], \"commitments\": [\"0x..\", ..], \"proofs\": [\"0x..\", ..]}\n"
    "(as many of each; a line of none is valid). Writes\n"
    "  {\"index\": i, \"valid\": true|false}\n"
    "(an invalid proof is an answer: exit status 0). A line is one device call, one-blob lines\n"
    "in a row share one; a batch is computed when it holds N lines or 128 blobs.\n",
};

/* verify-proof's cases are small, and its pairings run on the device from four a call. */
static size_t default_batch(proof_kind k) { return k == PROOF_VERIFY_KZG ? PROOF_BATCH_MAX : PROOF_BATCH_DEFAULT; }

void proof_print_help(FILE *f, proof_kind kind) {
    fprintf(f,
            "usage: %s [--device ID] [--setup FILE] [--batch N] [--in FILE|-] [--out FILE|-] [-v]\n\n"
            "%s"
            "one record a non-blank input line, in input order, or for a line c-kzg-4844 refuses\n"
            "(not one JSON object with those fields as \"0x\" hex strings of their sizes, arrays of\n"
            "lengths that differ, an element, z or y not below the field's modulus, a commitment or\n"
            "proof that is not a G1 subgroup point, fewer than 64 or more than 128 cells, indices out\n"
            "of order, an index >= 128):\n"
            "  {\"index\": i, \"error\": \"GC_KZG_BADARGS\", \"message\": \"line N: ..\"}\n"
            "i counts the non-blank lines from 0, N every line from 1. Hex is lowercase, \"0x\" first.\n\n"
            "  --device ID    the device: an id or a name (default: first CUDA GPU, else first OpenCL\n"
            "                 GPU, else PoCL CPU); one device\n"
            "  --setup FILE   trusted setup in c-kzg-4844's text format (default: the Ethereum\n"
            "                 ceremony's, built in)\n"
            "  --batch N      cases a batch (one device call; verify-blobs: as above), 1..%d\n"
            "                 (default %zu)\n"
            "  --in FILE      input (default '-': stdin)\n"
            "  --out FILE     output (default '-': stdout); a regular FILE is written beside it and\n"
            "                 renamed into place at the end, on an error or on SIGINT/SIGTERM (whole\n"
            "                 records only); an existing FILE is left as it was if none was written\n"
            "  -v, --verbose  counts on stderr at the end\n\n"
            "Exit status: 0 every line answered, 1 a line refused, 2 usage, setup, device or output\n"
            "error, 130/143 stopped by SIGINT/SIGTERM.\n",
            progs[kind], what[kind], PROOF_BATCH_MAX, default_batch(kind));
}

int proof_usage_error(const proof_args *a, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", a->prog);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    return 2;
}

int proof_parse_args(int argc, char **argv, proof_kind kind, proof_args *a) {
    static const char *const flags[] = {"--device", "--setup", "--batch", "--in", "--out"};
    const char *seen[5] = {0};
    memset(a, 0, sizeof *a);
    a->kind = kind;
    a->prog = progs[kind];
    a->in = a->out = "-";
    a->batch = default_batch(kind);
    for (int i = 1; i < argc; i++) {
        const char *val = NULL;
        char why[400];
        int f = gc_option_next(argc, argv, &i, flags, 5, seen, a->prog, &val, why, sizeof why);
        if (f == GC_OPTION_HELP) a->help = 1;
        else if (f == GC_OPTION_VERBOSE) a->verbose = 1;
        else if (f < 0) return proof_usage_error(a, "%s", why);
        else if (f == 0) a->device = val;
        else if (f == 1) a->setup = val;
        else if (f == 3) a->in = val;
        else if (f == 4) a->out = val;
        else {
            uint64_t u;
            if (gc_parse_uint(val, 1, PROOF_BATCH_MAX, &u))
                return proof_usage_error(a, "--batch needs an integer in 1..%d, got '%s'", PROOF_BATCH_MAX, val);
            a->batch = (size_t)u;
        }
    }
    if (a->help) {
        proof_print_help(stdout, kind);
        return 0;
    }
    return -1;
}
