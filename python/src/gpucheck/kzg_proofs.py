# SPDX-License-Identifier: Apache-2.0
"""PyPI ckzg's compute_kzg_proof, compute_blob_kzg_proof and recover_cells_and_kzg_proofs
on the device (gpucheck.kzg re-exports them), with ckzg's argument order, results and
exceptions: ValueError for an argument of the wrong type or size (ckzg's messages),
RuntimeError("<name> failed") for an input c-kzg refuses (an element or z not below the
field's modulus, a commitment that is not a G1 subgroup point, fewer than 64 cells, an
index >= 128, indices not strictly ascending), DeviceError when the device fails. The
_batch variants take many cases in one device call. These calls run on the settings'
first device (gc_kzg_ctx calls; the pool's splitting covers the cells calls only).
"""
from . import _library
from .kzg import (BYTES_PER_BLOB, BYTES_PER_CELL, BYTES_PER_COMMITMENT, BYTES_PER_FIELD_ELEMENT, BYTES_PER_PROOF,
                  CELLS_PER_EXT_BLOB, KZGSettings, _ct, _lib, _raise_for)

__all__ = ["compute_kzg_proof", "compute_blob_kzg_proof", "recover_cells_and_kzg_proofs", "compute_kzg_proof_batch",
           "compute_blob_kzg_proof_batch", "recover_cells_and_kzg_proofs_batch"]

_U64 = 1 << 64


def _check_settings(ts, what):
    if type(ts) is not KZGSettings:
        raise ValueError(f"expected {what}")
    if ts._pool is None:
        raise ValueError(f"expected {what} (this trusted setup is closed)")


def _check_sized(items, size, message):
    if any(len(x) != size for x in items):
        raise ValueError(message)


def _ctx_call(ts, name, fn, n, *buffers):
    """One call on the first device's context, under the settings' lock (GIL released)."""
    status = (_ct.c_int * n)()
    detail = ""
    with ts._lock:
        ctx = _lib.gc_kzg_pool_ctx(ts._pool, 0)
        r = fn(ctx, *buffers, n, status)
        if r not in (_library.OK, _library.BADARGS, _library.MALLOC):
            msg = _ct.c_char_p()
            _lib.gc_kzg_ctx_last_device_status(ctx, _ct.byref(msg))
            detail = (msg.value or b"").decode(errors="replace")
    _raise_for(name, r, detail)
    bad = [i for i in range(n) if status[i] != _library.OK]
    if bad:
        raise RuntimeError(f"{name} failed" + (f" (case {bad[0]}, {len(bad)} refused)" if n > 1 else ""))


def _split(buf, size, count):
    raw = buf.raw
    return [raw[i * size:(i + 1) * size] for i in range(count)]


def _check_blob_args(blobs, args, ts, what):
    if type(blobs) not in (list, tuple) or type(args) not in (list, tuple):
        raise ValueError("expected lists of bytes and trusted setup")
    if len(blobs) != len(args):
        raise ValueError(f"expected same number of blobs and {what}s")
    if any(type(b) is not bytes for b in blobs) or any(type(a) is not bytes for a in args):
        raise ValueError("expected bytes, bytes, trusted setup")
    _check_settings(ts, "bytes, bytes, trusted setup")
    _check_sized(blobs, BYTES_PER_BLOB, "expected blobs to be BYTES_PER_BLOB bytes")


def compute_kzg_proof_batch(blobs, zs, ts, /):
    """compute_kzg_proof of many (blob, z) pairs in one device call: a list of (proof, y)."""
    _check_blob_args(blobs, zs, ts, "z")
    _check_sized(zs, BYTES_PER_FIELD_ELEMENT, "expected z to be BYTES_PER_FIELD_ELEMENT bytes")
    n = len(blobs)
    if not n:
        return []
    proofs = _ct.create_string_buffer(n * BYTES_PER_PROOF)
    ys = _ct.create_string_buffer(n * BYTES_PER_FIELD_ELEMENT)
    _ctx_call(ts, "compute_kzg_proof", _lib.gc_kzg_compute_kzg_proof, n, proofs, ys, b"".join(blobs), b"".join(zs))
    return list(zip(_split(proofs, BYTES_PER_PROOF, n), _split(ys, BYTES_PER_FIELD_ELEMENT, n)))


def compute_blob_kzg_proof_batch(blobs, commitments, ts, /):
    """compute_blob_kzg_proof of many (blob, commitment) pairs in one device call: a list of proofs."""
    _check_blob_args(blobs, commitments, ts, "commitment")
    _check_sized(commitments, BYTES_PER_COMMITMENT, "expected commitment to be BYTES_PER_COMMITMENT bytes")
    n = len(blobs)
    if not n:
        return []
    proofs = _ct.create_string_buffer(n * BYTES_PER_PROOF)
    _ctx_call(ts, "compute_blob_kzg_proof", _lib.gc_kzg_compute_blob_kzg_proof, n, proofs, b"".join(blobs),
              b"".join(commitments))
    return _split(proofs, BYTES_PER_PROOF, n)


def _check_recovery_case(indices, cells):
    if type(indices) is not list or type(cells) is not list:
        raise ValueError("expected list, list, trusted setup")
    if len(indices) != len(cells):
        raise ValueError("expected same number of cell_indices and cells")
    for i in indices:
        if not isinstance(i, int):  # as ckzg: a bool is an integer
            raise ValueError("expected cell index to be an integer")
        if not 0 <= i < _U64:
            raise ValueError("failed to convert cell index to uint64_t")
    if any(type(c) is not bytes for c in cells):
        raise ValueError("expected cell to be bytes")
    _check_sized(cells, BYTES_PER_CELL, "expected cell to be BYTES_PER_CELL bytes")


def recover_cells_and_kzg_proofs_batch(cell_indices, cells, ts, /):
    """recover_cells_and_kzg_proofs of many cases (a list of index lists, a list of cell
    lists) in one device call: a list of (128 cells, 128 proofs)."""
    if type(cell_indices) is not list or type(cells) is not list or len(cell_indices) != len(cells):
        raise ValueError("expected lists (one per blob) of cell_indices and cells, and trusted setup")
    for idx, cs in zip(cell_indices, cells):
        _check_recovery_case(idx, cs)
    _check_settings(ts, "list, list, trusted setup")
    n = len(cells)
    if not n:
        return []
    counts = (_ct.c_size_t * n)(*[len(c) for c in cells])
    flat_idx = [i for idx in cell_indices for i in idx]
    indices = (_ct.c_uint64 * max(len(flat_idx), 1))(*flat_idx)
    out_cells = _ct.create_string_buffer(n * CELLS_PER_EXT_BLOB * BYTES_PER_CELL)
    out_proofs = _ct.create_string_buffer(n * CELLS_PER_EXT_BLOB * BYTES_PER_PROOF)
    _ctx_call(ts, "recover_cells_and_kzg_proofs", _lib.gc_kzg_recover_cells_and_proofs, n, out_cells, out_proofs,
              indices, b"".join(c for cs in cells for c in cs), counts)
    c = _split(out_cells, BYTES_PER_CELL, n * CELLS_PER_EXT_BLOB)
    p = _split(out_proofs, BYTES_PER_PROOF, n * CELLS_PER_EXT_BLOB)
    k = CELLS_PER_EXT_BLOB
    return [(c[i * k:(i + 1) * k], p[i * k:(i + 1) * k]) for i in range(n)]


def compute_kzg_proof(blob, z_bytes, ts, /):
    """ckzg.compute_kzg_proof: (proof of 48 bytes, y of 32 bytes)."""
    if type(blob) is not bytes or type(z_bytes) is not bytes:
        raise ValueError("expected bytes, bytes, trusted setup")
    return compute_kzg_proof_batch([blob], [z_bytes], ts)[0]


def compute_blob_kzg_proof(blob, commitment_bytes, ts, /):
    """ckzg.compute_blob_kzg_proof: the proof, 48 bytes."""
    if type(blob) is not bytes or type(commitment_bytes) is not bytes:
        raise ValueError("expected bytes, bytes, trusted setup")
    return compute_blob_kzg_proof_batch([blob], [commitment_bytes], ts)[0]


def recover_cells_and_kzg_proofs(cell_indices, cells, ts, /):
    """ckzg.recover_cells_and_kzg_proofs: (list of 128 cells, list of 128 proofs)."""
    _check_recovery_case(cell_indices, cells)
    return recover_cells_and_kzg_proofs_batch([cell_indices], [cells], ts)[0]
