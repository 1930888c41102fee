/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_eip4844.c — c-kzg-4844's EIP-4844 functions (eip4844/eip4844.h) on the device.
 * Here today: blob_to_kzg_commitment, compute_kzg_proof, compute_blob_kzg_proof. The
 * verify_* functions join here, one definition each, as crypto/kzg gains them. */
#include "ckzg/ckzg_internal.h"

C_KZG_RET blob_to_kzg_commitment(KZGCommitment *out, const Blob *blob, const KZGSettings *s) {
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!out || !blob) return ckzg_fail(C_KZG_BADARGS, "%s: a NULL output or blob", __func__);
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ret r = gc_kzg_pool_blob_to_commitment(st->pool, out->bytes, blob->bytes, 1, &status);
    C_KZG_RET ret = r != GC_KZG_OK ? ckzg_pool_failed(st, __func__, r) : C_KZG_OK;
    pthread_mutex_unlock(&st->lock);
    if (ret == C_KZG_OK && status != GC_KZG_OK)
        ret = ckzg_fail(ckzg_ret(status), "%s: %s", __func__, "the blob has an element >= the field's modulus");
    return ret;
}

/* A call of one blob runs on the pool's first device: its context takes gc_kzg_ctx calls. */
C_KZG_RET compute_kzg_proof(KZGProof *proof_out, Bytes32 *y_out, const Blob *blob, const Bytes32 *z_bytes,
                            const KZGSettings *s) {
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!proof_out || !y_out || !blob || !z_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: a NULL output, blob or z", __func__);
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ret r = gc_kzg_compute_kzg_proof(gc_kzg_pool_ctx(st->pool, 0), proof_out->bytes, y_out->bytes, blob->bytes,
                                            z_bytes->bytes, 1, &status);
    C_KZG_RET ret = r != GC_KZG_OK ? ckzg_ctx_failed(__func__, r) : C_KZG_OK;
    pthread_mutex_unlock(&st->lock);
    if (ret == C_KZG_OK && status != GC_KZG_OK)
        ret = ckzg_fail(ckzg_ret(status), "%s: %s", __func__, "the blob or z has an element >= the field's modulus");
    return ret;
}

C_KZG_RET compute_blob_kzg_proof(KZGProof *out, const Blob *blob, const Bytes48 *commitment_bytes,
                                 const KZGSettings *s) {
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!out || !blob || !commitment_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: a NULL output, blob or commitment", __func__);
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ret r = gc_kzg_compute_blob_kzg_proof(gc_kzg_pool_ctx(st->pool, 0), out->bytes, blob->bytes,
                                                 commitment_bytes->bytes, 1, &status);
    C_KZG_RET ret = r != GC_KZG_OK ? ckzg_ctx_failed(__func__, r) : C_KZG_OK;
    pthread_mutex_unlock(&st->lock);
    if (ret == C_KZG_OK && status != GC_KZG_OK)
        ret = ckzg_fail(ckzg_ret(status), "%s: %s", __func__,
                        "the blob has an element >= the field's modulus or the commitment is not a G1 point");
    return ret;
}
