/* SPDX-License-Identifier: Apache-2.0 */
/* kzg_cells.c — EIP-7594 cells and proofs of a batch of blobs with gpucheck's own C
 * interface (gc_kzg.h): open the default device, load the built-in trusted setup,
 * precompute once, then one call for the whole batch. Errors are reported with the
 * library's names and messages; a blob with an element >= the field's modulus is refused
 * on its own (its status) while the others are computed.
 *
 *   cc kzg_cells.c $(pkg-config --cflags --libs gpucheck) -o kzg_cells && ./kzg_cells 4
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpucheck/gc_kzg.h"

#define CELL_SIZE GC_KZG_EIP7594_CELL_SIZE
#define CELLS GC_KZG_CELLS_PER_BLOB(CELL_SIZE)

int main(int argc, char **argv) {
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 4;
    if (n < 2 || n > 64) {
        fprintf(stderr, "usage: %s [BLOBS, 2..64]\n", argv[0]);
        return 2;
    }
    /* 1. The device: the default one (a CUDA GPU, else an OpenCL GPU, else a CPU). */
    size_t index;
    gc_device *dev = NULL;
    if (gc_devices_probe() != GC_OK || gc_device_default(&index) != GC_OK || gc_device_open(index, &dev) != GC_OK) {
        fprintf(stderr, "no device: %s\n", gc_last_error());
        return 1;
    }
    printf("device %s (%s)\n", gc_device_get_info(dev)->id, gc_device_get_info(dev)->name);

    /* 2. The Ethereum ceremony's setup (built in), and the per-device precomputation. */
    char err[512] = "";
    gc_kzg_setup *setup = NULL;
    gc_kzg_ctx *ctx = NULL;
    gc_kzg_options opt = {.cell_size = CELL_SIZE};
    gc_kzg_ret r = gc_kzg_setup_load_default(&setup, err, sizeof err);
    if (r == GC_KZG_OK) r = gc_kzg_ctx_create(&ctx, dev, setup, &opt, err, sizeof err);
    if (r != GC_KZG_OK) {
        fprintf(stderr, "%s: %s\n", gc_kzg_ret_name(r), err);
        return 1;
    }
    const gc_kzg_ctx_info *info = gc_kzg_ctx_get_info(ctx);
    printf("precomputed in %.0f ms, %zu MiB of device memory, %zu blobs a pass\n", info->precompute_ms,
           info->precompute_bytes >> 20, info->max_batch);

    /* 3. A batch: blob i holds the element i + 1 at position i; the last blob is invalid
     *    (an element of all ones is >= the modulus). */
    uint8_t *blobs = calloc(n, GC_KZG_BYTES_PER_BLOB);
    uint8_t *cells = malloc(n * CELLS * GC_KZG_BYTES_PER_CELL(CELL_SIZE));
    uint8_t *proofs = malloc(n * CELLS * GC_KZG_BYTES_PER_PROOF);
    uint8_t *commitments = malloc(n * GC_KZG_BYTES_PER_COMMITMENT);
    gc_kzg_ret *status = calloc(n, sizeof *status);
    if (!blobs || !cells || !proofs || !commitments || !status) return 1;
    for (size_t i = 0; i + 1 < n; i++) blobs[i * GC_KZG_BYTES_PER_BLOB + 32 * i + 31] = (uint8_t)(i + 1);
    memset(blobs + (n - 1) * GC_KZG_BYTES_PER_BLOB, 0xff, 32);

    r = gc_kzg_compute_cells_and_proofs(ctx, cells, proofs, commitments, blobs, n, status);
    if (r != GC_KZG_OK) { /* the device failed: nothing was computed */
        const char *msg = "";
        gc_kzg_ctx_last_device_status(ctx, &msg);
        fprintf(stderr, "%s: %s\n", gc_kzg_ret_name(r), msg);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        if (status[i] != GC_KZG_OK) {
            printf("blob %zu: %s (%s)\n", i, gc_kzg_ret_name(status[i]), gc_kzg_ret_message(status[i]));
            continue;
        }
        const uint8_t *c = commitments + i * GC_KZG_BYTES_PER_COMMITMENT, *p = proofs + i * CELLS * GC_KZG_BYTES_PER_PROOF;
        printf("blob %zu: commitment %02x%02x%02x%02x..., %d cells, proof 0 %02x%02x%02x%02x...\n", i, c[0], c[1], c[2],
               c[3], CELLS, p[0], p[1], p[2], p[3]);
    }
    free(blobs), free(cells), free(proofs), free(commitments), free(status);
    gc_kzg_ctx_free(ctx);
    gc_kzg_setup_free(setup);
    gc_device_close(dev);
    return 0;
}
