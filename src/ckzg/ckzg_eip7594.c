/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_eip7594.c — c-kzg-4844's EIP-7594 functions (eip7594/eip7594.h) on the device.
 * Here today: compute_cells_and_kzg_proofs and verify_cell_kzg_proof_batch.
 * recover_cells_and_kzg_proofs joins here, one definition, as crypto/kzg gains it. */
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
