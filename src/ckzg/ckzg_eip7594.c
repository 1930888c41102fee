/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_eip7594.c — c-kzg-4844's EIP-7594 functions (eip7594/eip7594.h) on the device.
 * Here today: compute_cells_and_kzg_proofs, recover_cells_and_kzg_proofs and
 * verify_cell_kzg_proof_batch. */
#include "ckzg/ckzg_internal.h"

C_KZG_RET compute_cells_and_kzg_proofs(Cell *cells, KZGProof *proofs, const Blob *blob, const KZGSettings *s) {
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!cells && !proofs) return ckzg_fail(C_KZG_BADARGS, "%s: cells and proofs both NULL", __func__);
    if (!blob) return ckzg_fail(C_KZG_BADARGS, "%s: the blob is NULL", __func__);
    gc_kzg_ret status = GC_KZG_ERROR, r;
    pthread_mutex_lock(&st->lock);
    /* Cells alone skip the proofs' FK20 work; proofs alone skip copying the cells back. */
    if (!proofs)
        r = gc_kzg_pool_compute_cells(st->pool, cells->bytes, blob->bytes, 1, &status);
    else
        r = gc_kzg_pool_compute_cells_and_proofs(st->pool, cells ? cells->bytes : NULL, proofs->bytes, NULL,
                                                 blob->bytes, 1, &status);
    C_KZG_RET ret = r != GC_KZG_OK ? ckzg_pool_failed(st, __func__, r) : C_KZG_OK;
    pthread_mutex_unlock(&st->lock);
    if (ret == C_KZG_OK && status != GC_KZG_OK)
        ret = ckzg_fail(ckzg_ret(status), "%s: %s", __func__, "the blob has an element >= the field's modulus");
    return ret;
}

/* c-kzg checks the count before anything else; an unloaded setup is checked first here
 * as everywhere. Recovery is a single-device call: it runs on the pool's first device. */
C_KZG_RET recover_cells_and_kzg_proofs(Cell *recovered_cells, KZGProof *recovered_proofs,
                                       const uint64_t *cell_indices, const Cell *cells, uint64_t num_cells,
                                       const KZGSettings *s) {
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!recovered_cells) return ckzg_fail(C_KZG_BADARGS, "%s: recovered_cells is NULL", __func__);
    if (num_cells < CELLS_PER_EXT_BLOB / 2 || num_cells > CELLS_PER_EXT_BLOB)
        return ckzg_fail(C_KZG_BADARGS, "%s: %llu cells (%d to %d are needed)", __func__,
                         (unsigned long long)num_cells, CELLS_PER_EXT_BLOB / 2, CELLS_PER_EXT_BLOB);
    if (!cell_indices || !cells) return ckzg_fail(C_KZG_BADARGS, "%s: NULL cells or cell_indices", __func__);
    size_t count = (size_t)num_cells;
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ret r = gc_kzg_recover_cells_and_proofs(gc_kzg_pool_ctx(st->pool, 0), recovered_cells->bytes,
                                                   recovered_proofs ? recovered_proofs->bytes : NULL, cell_indices,
                                                   cells->bytes, &count, 1, &status);
    C_KZG_RET ret = r != GC_KZG_OK ? ckzg_ctx_failed(__func__, r) : C_KZG_OK;
    pthread_mutex_unlock(&st->lock);
    if (ret == C_KZG_OK && status != GC_KZG_OK)
        ret = ckzg_fail(ckzg_ret(status), "%s: %s", __func__,
                        "an index >= 128, indices not strictly ascending or an element >= the field's modulus");
    return ret;
}

/* On the pool's first device (one batch is one device call); c-kzg's order of checks: an
 * empty batch is valid before anything is read, then the indices, then the points and
 * elements. */
C_KZG_RET verify_cell_kzg_proof_batch(bool *ok, const Bytes48 *commitments_bytes, const uint64_t *cell_indices,
                                      const Cell *cells, const Bytes48 *proofs_bytes, uint64_t num_cells,
                                      const KZGSettings *s) {
    if (!ok) return ckzg_fail(C_KZG_BADARGS, "%s: ok is NULL", __func__);
    *ok = false;
    if (num_cells == 0) {
        *ok = true;
        return C_KZG_OK;
    }
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!commitments_bytes || !cell_indices || !cells || !proofs_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: an array is NULL", __func__);
    if (num_cells > SIZE_MAX / BYTES_PER_CELL) return ckzg_fail(C_KZG_BADARGS, "%s: too many cells", __func__);
    pthread_mutex_lock(&st->lock);
    gc_kzg_ctx *ctx = gc_kzg_pool_ctx(st->pool, 0);
    gc_kzg_ret r = gc_kzg_verify_cell_kzg_proof_batch(ctx, ok, commitments_bytes->bytes, cell_indices, cells->bytes,
                                                      proofs_bytes->bytes, (size_t)num_cells);
    const char *why = "";
    gc_kzg_ctx_last_device_status(ctx, &why);
    C_KZG_RET ret = r == GC_KZG_OK ? C_KZG_OK : ckzg_fail(ckzg_ret(r), "%s: %s: %s", __func__, gc_kzg_ret_name(r), why);
    pthread_mutex_unlock(&st->lock);
    return ret;
}
