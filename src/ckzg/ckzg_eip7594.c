/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_eip7594.c — c-kzg-4844's EIP-7594 functions (eip7594/eip7594.h) on the device.
 * Here today: compute_cells_and_kzg_proofs. recover_cells_and_kzg_proofs and
 * verify_cell_kzg_proof_batch join here, one definition each, as crypto/kzg gains them. */
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
