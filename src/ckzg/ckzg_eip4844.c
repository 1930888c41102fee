/* SPDX-License-Identifier: Apache-2.0 */
/* ckzg_eip4844.c — c-kzg-4844's EIP-4844 functions (eip4844/eip4844.h) on the device:
 * blob_to_kzg_commitment, compute_kzg_proof, compute_blob_kzg_proof, verify_kzg_proof,
 * verify_blob_kzg_proof and verify_blob_kzg_proof_batch. */
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

/* A verification's answer in c-kzg's terms: the call's error, or the item's refusal. */
static C_KZG_RET verified(gc_kzg_ctx *ctx, const char *func, gc_kzg_ret r, gc_kzg_ret status) {
    if (r == GC_KZG_OK && status == GC_KZG_OK) return C_KZG_OK;
    const char *why = "";
    gc_kzg_ctx_last_device_status(ctx, &why);
    return ckzg_fail(ckzg_ret(r ? r : status), "%s: %s: %s", func, gc_kzg_ret_name(r ? r : status), why);
}

C_KZG_RET verify_kzg_proof(bool *ok, const Bytes48 *commitment_bytes, const Bytes32 *z_bytes, const Bytes32 *y_bytes,
                           const Bytes48 *proof_bytes, const KZGSettings *s) {
    if (!ok) return ckzg_fail(C_KZG_BADARGS, "%s: ok is NULL", __func__);
    *ok = false;
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!commitment_bytes || !z_bytes || !y_bytes || !proof_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: a NULL commitment, z, y or proof", __func__);
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ctx *ctx = gc_kzg_pool_ctx(st->pool, 0);
    gc_kzg_ret r = gc_kzg_verify_kzg_proof(ctx, ok, commitment_bytes->bytes, z_bytes->bytes, y_bytes->bytes,
                                           proof_bytes->bytes, 1, &status);
    C_KZG_RET ret = verified(ctx, __func__, r, status);
    pthread_mutex_unlock(&st->lock);
    if (ret != C_KZG_OK) *ok = false;
    return ret;
}

C_KZG_RET verify_blob_kzg_proof(bool *ok, const Blob *blob, const Bytes48 *commitment_bytes, const Bytes48 *proof_bytes,
                                const KZGSettings *s) {
    if (!ok) return ckzg_fail(C_KZG_BADARGS, "%s: ok is NULL", __func__);
    *ok = false;
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!blob || !commitment_bytes || !proof_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: a NULL blob, commitment or proof", __func__);
    gc_kzg_ret status = GC_KZG_ERROR;
    pthread_mutex_lock(&st->lock);
    gc_kzg_ctx *ctx = gc_kzg_pool_ctx(st->pool, 0);
    gc_kzg_ret r = gc_kzg_verify_blob_kzg_proof(ctx, ok, blob->bytes, commitment_bytes->bytes, proof_bytes->bytes, 1,
                                                &status);
    C_KZG_RET ret = verified(ctx, __func__, r, status);
    pthread_mutex_unlock(&st->lock);
    if (ret != C_KZG_OK) *ok = false;
    return ret;
}

C_KZG_RET verify_blob_kzg_proof_batch(bool *ok, const Blob *blobs, const Bytes48 *commitments_bytes,
                                      const Bytes48 *proofs_bytes, uint64_t n, const KZGSettings *s) {
    if (!ok) return ckzg_fail(C_KZG_BADARGS, "%s: ok is NULL", __func__);
    *ok = false;
    if (n == 0) { /* c-kzg: valid before anything is read */
        *ok = true;
        return C_KZG_OK;
    }
    struct gpucheck_ckzg_state *st = ckzg_state(s, __func__);
    if (!st) return C_KZG_BADARGS;
    if (!blobs || !commitments_bytes || !proofs_bytes)
        return ckzg_fail(C_KZG_BADARGS, "%s: an array is NULL", __func__);
    if (n > SIZE_MAX / BYTES_PER_BLOB) return ckzg_fail(C_KZG_BADARGS, "%s: too many blobs", __func__);
    pthread_mutex_lock(&st->lock);
    gc_kzg_ctx *ctx = gc_kzg_pool_ctx(st->pool, 0);
    gc_kzg_ret r = gc_kzg_verify_blob_kzg_proof_batch(ctx, ok, blobs->bytes, commitments_bytes->bytes,
                                                      proofs_bytes->bytes, (size_t)n);
    C_KZG_RET ret = verified(ctx, __func__, r, GC_KZG_OK);
    pthread_mutex_unlock(&st->lock);
    if (ret != C_KZG_OK) *ok = false;
    return ret;
}
