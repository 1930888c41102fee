/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_ckzg.c — the same through c-kzg-4844's interface (ckzg.h): a program written for
 * c-kzg-4844 that runs on the GPU by linking libgpucheck-ckzg instead. Load the setup
 * from its file, then one call a blob (c-kzg's interface has no batch); errors are
 * C_KZG_RET codes, and gpucheck_ckzg_last_error() says why.
 *
 *   cc kzg_ckzg.c $(pkg-config --cflags --libs gpucheck-ckzg) -o kzg_ckzg
 *   ./kzg_ckzg trusted_setup.txt 3          # GPUCHECK_CKZG_DEVICE=cuda:1 picks a device
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ckzg.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s TRUSTED_SETUP BLOBS\n", argv[0]);
        return 2;
    }
    size_t n = strtoul(argv[2], NULL, 10);
    if (n < 1 || n > 64) {
        fprintf(stderr, "%s: BLOBS is 1..64\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    KZGSettings s;
    C_KZG_RET r = load_trusted_setup_file(&s, f, 0); /* 0: the device's default tables */
    fclose(f);
    if (r != C_KZG_OK) {
        fprintf(stderr, "load_trusted_setup_file: %d: %s\n", (int)r, gpucheck_ckzg_last_error());
        return 1;
    }
    Blob *blob = calloc(1, sizeof *blob);
    Cell *cells = malloc(CELLS_PER_EXT_BLOB * sizeof *cells);
    KZGProof *proofs = malloc(CELLS_PER_EXT_BLOB * sizeof *proofs);
    if (!blob || !cells || !proofs) return 1;
    for (size_t i = 0; i < n; i++) {
        memset(blob, 0, sizeof *blob);
        blob->bytes[32 * i + 31] = (uint8_t)(i + 1);
        if (i + 1 == n) memset(blob->bytes, 0xff, 32); /* the last blob is invalid */
        KZGCommitment c;
        r = blob_to_kzg_commitment(&c, blob, &s);
        if (r == C_KZG_OK) r = compute_cells_and_kzg_proofs(cells, proofs, blob, &s);
        if (r != C_KZG_OK)
            printf("blob %zu: C_KZG_RET %d: %s\n", i, (int)r, gpucheck_ckzg_last_error());
        else
            printf("blob %zu: commitment %02x%02x%02x%02x..., proof 0 %02x%02x%02x%02x...\n", i, c.bytes[0],
                   c.bytes[1], c.bytes[2], c.bytes[3], proofs[0].bytes[0], proofs[0].bytes[1], proofs[0].bytes[2],
                   proofs[0].bytes[3]);
    }
    free(blob), free(cells), free(proofs);
    free_trusted_setup(&s);
    return 0;
}
