# SPDX-License-Identifier: Apache-2.0
"""PyPI ckzg's verify_kzg_proof, verify_blob_kzg_proof and verify_blob_kzg_proof_batch on
the device (gpucheck.kzg re-exports them), with ckzg's arguments, results and exceptions:
ValueError for an argument of the wrong type or size (ckzg's messages), RuntimeError("<name>
failed") for an input c-kzg refuses (z, y or a blob element not below the field's modulus,
a commitment or proof that is not a G1 subgroup point), DeviceError when the device fails.
verify_kzg_proofs and verify_blob_kzg_proofs take many items in one device call and give
one answer each. These calls run on the settings' first device.
"""
from . import _library
from .kzg import BYTES_PER_BLOB, BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT, BYTES_PER_PROOF, _ct, _lib, _raise_for
from .kzg_proofs import _check_settings, _check_sized, _ctx_call

__all__ = ["verify_kzg_proof", "verify_blob_kzg_proof", "verify_blob_kzg_proof_batch", "verify_kzg_proofs",
           "verify_blob_kzg_proofs"]


def _verify_items(ts, name, fn, n, *buffers):
    """n independent verdicts from one call on the first device's context."""
    ok = (_ct.c_bool * n)()
    _ctx_call(ts, name, fn, n, ok, *buffers)  # fn(ctx, ok, buffers..., n, status)
    return [bool(x) for x in ok]


def _check_lists(lists, sizes, ts, signature):
    if any(type(x) not in (list, tuple) for x in lists) or any(type(b) is not bytes for x in lists for b in x):
        raise ValueError(f"expected lists of bytes ({signature})")
    if len({len(x) for x in lists}) > 1:
        raise ValueError("expected the same number of each")
    for x, (what, size) in zip(lists, sizes):
        _check_sized(x, size, f"expected {what} to be {size} bytes")
    _check_settings(ts, signature)


def verify_kzg_proofs(commitments, zs, ys, proofs, ts, /):
    """verify_kzg_proof of many openings in one device call: a list of bools."""
    _check_lists((commitments, zs, ys, proofs), (("commitment", BYTES_PER_COMMITMENT), ("z", BYTES_PER_FIELD_ELEMENT),
                 ("y", BYTES_PER_FIELD_ELEMENT), ("proof", BYTES_PER_PROOF)), ts, "list, list, list, list, trusted setup")
    n = len(proofs)
    if not n:
        return []
    return _verify_items(ts, "verify_kzg_proof", _lib.gc_kzg_verify_kzg_proof, n, b"".join(commitments), b"".join(zs),
                         b"".join(ys), b"".join(proofs))


def verify_blob_kzg_proofs(blobs, commitments, proofs, ts, /):
    """verify_blob_kzg_proof of many blobs in one device call: a list of bools."""
    _check_lists((blobs, commitments, proofs), (("blob", BYTES_PER_BLOB), ("commitment", BYTES_PER_COMMITMENT),
                 ("proof", BYTES_PER_PROOF)), ts, "list, list, list, trusted setup")
    n = len(proofs)
    if not n:
        return []
    return _verify_items(ts, "verify_blob_kzg_proof", _lib.gc_kzg_verify_blob_kzg_proof, n, b"".join(blobs),
                         b"".join(commitments), b"".join(proofs))


def verify_kzg_proof(commitment_bytes, z_bytes, y_bytes, proof_bytes, ts, /):
    """ckzg.verify_kzg_proof: whether the proof opens the commitment at z to y."""
    args = (commitment_bytes, z_bytes, y_bytes, proof_bytes)
    if any(type(a) is not bytes for a in args):
        raise ValueError("expected bytes, bytes, bytes, bytes, trusted setup")
    for a, what, size in zip(args, ("commitment", "z", "y", "proof"), (BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT,
                                                                      BYTES_PER_FIELD_ELEMENT, BYTES_PER_PROOF)):
        if len(a) != size:
            raise ValueError(f"expected {what} to be BYTES_PER_{'FIELD_ELEMENT' if size == 32 else what.upper()} bytes")
    _check_settings(ts, "bytes, bytes, bytes, bytes, trusted setup")
    return _verify_items(ts, "verify_kzg_proof", _lib.gc_kzg_verify_kzg_proof, 1, *args)[0]


def verify_blob_kzg_proof(blob, commitment_bytes, proof_bytes, ts, /):
    """ckzg.verify_blob_kzg_proof: whether the proof is the blob's at its challenge."""
    args = (blob, commitment_bytes, proof_bytes)
    if any(type(a) is not bytes for a in args):
        raise ValueError("expected bytes, bytes, bytes, trusted setup")
    for a, what, size in zip(args, ("blob", "commitment", "proof"), (BYTES_PER_BLOB, BYTES_PER_COMMITMENT,
                                                                     BYTES_PER_PROOF)):
        if len(a) != size:
            raise ValueError(f"expected {what} to be BYTES_PER_{what.upper()} bytes")
    _check_settings(ts, "bytes, bytes, bytes, trusted setup")
    return _verify_items(ts, "verify_blob_kzg_proof", _lib.gc_kzg_verify_blob_kzg_proof, 1, *args)[0]


def verify_blob_kzg_proof_batch(blobs_bytes, commitments_bytes, proofs_bytes, ts, /):
    """ckzg.verify_blob_kzg_proof_batch: the blobs, commitments and proofs each concatenated;
    True when every proof is valid (one random linear combination; none is True)."""
    args = (blobs_bytes, commitments_bytes, proofs_bytes)
    if any(type(a) is not bytes for a in args):
        raise ValueError("expected bytes, bytes, bytes, trusted setup")
    for a, what, size in zip(args, ("blobs", "commitments", "proofs"), (BYTES_PER_BLOB, BYTES_PER_COMMITMENT,
                                                                        BYTES_PER_PROOF)):
        if len(a) % size:
            raise ValueError(f"expected {what} to be a multiple of BYTES_PER_{what[:-1].upper()} bytes")
    n = len(blobs_bytes) // BYTES_PER_BLOB
    if len(commitments_bytes) // BYTES_PER_COMMITMENT != n or len(proofs_bytes) // BYTES_PER_PROOF != n:
        raise ValueError("expected same number of blobs/commitments/proofs")
    _check_settings(ts, "bytes, bytes, bytes, trusted setup")
    if n == 0:
        return True
    ok = _ct.c_bool(False)
    detail = ""
    with ts._lock:
        ctx = _lib.gc_kzg_pool_ctx(ts._pool, 0)
        r = _lib.gc_kzg_verify_blob_kzg_proof_batch(ctx, _ct.byref(ok), *args, n)
        if r not in (_library.OK, _library.BADARGS, _library.MALLOC):
            msg = _ct.c_char_p()
            _lib.gc_kzg_ctx_last_device_status(ctx, _ct.byref(msg))
            detail = (msg.value or b"").decode(errors="replace")
    _raise_for("verify_blob_kzg_proof_batch", r, detail)
    return bool(ok.value)
