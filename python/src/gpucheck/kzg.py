# SPDX-License-Identifier: Apache-2.0
"""PyPI ckzg's interface on a GPU: the same function names, argument order, results and
exception types (ValueError for an argument of the wrong type or size, RuntimeError for a
refused input such as a blob element >= the field's modulus, TypeError for keywords), plus
DeviceError (a RuntimeError) when the device fails, and batch calls (the _batch names)
that take many blobs in one device call.

The device: the default one (a CUDA GPU, else an OpenCL GPU, else an OpenCL CPU device),
or those named by load_trusted_setup(..., device=...) or the GPUCHECK_CKZG_DEVICE
environment variable, as `gpucheck kzg --device` takes them (an id, a name, a comma list,
`all`). The GIL is released while the device works; one KZGSettings takes one call at a
time (a lock), calls on different settings run at once.
"""
import os
import threading

from . import _library

BYTES_PER_FIELD_ELEMENT = 32
FIELD_ELEMENTS_PER_BLOB = 4096
BYTES_PER_BLOB = BYTES_PER_FIELD_ELEMENT * FIELD_ELEMENTS_PER_BLOB
BYTES_PER_COMMITMENT = 48
BYTES_PER_PROOF = 48
FIELD_ELEMENTS_PER_CELL = 64
BYTES_PER_CELL = FIELD_ELEMENTS_PER_CELL * BYTES_PER_FIELD_ELEMENT
CELLS_PER_EXT_BLOB = 128

_lib = _library.load()
_ct = _library.ctypes


class DeviceError(RuntimeError):
    """The device, its driver or a kernel failed (not the input): retry elsewhere."""


class KZGSettings:
    """A checked trusted setup and the device contexts computing with it (load_trusted_setup)."""

    def __init__(self, setup, pool, devices, device_ids):
        self._setup, self._pool, self._devices = setup, pool, devices
        self.devices = tuple(device_ids)
        self._lock = threading.Lock()

    def __del__(self):
        self.close()

    def close(self):
        """Frees the device memory now (otherwise when the object goes)."""
        lib = _lib
        if getattr(self, "_pool", None):
            lib.gc_kzg_pool_free(self._pool)
            self._pool = None
        for d in getattr(self, "_devices", ()):
            lib.gc_device_close(d)
        self._devices = ()
        if getattr(self, "_setup", None):
            lib.gc_kzg_setup_free(self._setup)
            self._setup = None


def _last_error():
    return (_lib.gc_last_error() or b"").decode(errors="replace")


def _select_devices(want):
    """Device indices for `want`, as `gpucheck kzg --device` reads it."""
    _lib.gc_devices_probe()
    index = _ct.c_size_t()
    if not want or want == "all":
        if _lib.gc_device_default(_ct.byref(index)) != _library.GC_OK:
            raise DeviceError("no device (install a CUDA or an OpenCL driver, e.g. PoCL): " + _last_error())
        first = _lib.gc_device_info_at(index.value).contents
        chosen = [index.value]
        if want == "all":
            for i in range(_lib.gc_device_count()):
                d = _lib.gc_device_info_at(i).contents
                if i != index.value and d.backend == first.backend and bool(d.is_gpu) == bool(first.is_gpu):
                    chosen.append(i)
        return chosen
    chosen = []
    for word in want.split(","):
        if _lib.gc_device_find(word.strip().encode(), _ct.byref(index)) != _library.GC_OK:
            raise DeviceError(f"device {word!r}: " + _last_error())
        chosen.append(index.value)
    return chosen


def _comb_teeth(precompute):
    if precompute == 0:
        return 0  # the library's default for the device
    return _library.NO_TABLES if precompute < _library.COMB_TEETH_MIN else precompute


def load_trusted_setup(file, precompute, /, *, device=None):
    """ckzg.load_trusted_setup: c-kzg's text file; precompute 0..15 sizes the device's MSM
    tables (0: the default for the device; 1..5: none; 6..15: comb tables of that many
    teeth). device: as GPUCHECK_CKZG_DEVICE (which it overrides)."""
    if type(file) is not str or type(precompute) is not int:
        raise ValueError("expected string and int" if type(precompute) is int else "invalid precompute value")
    if not 0 <= precompute <= 15:
        raise RuntimeError("error loading trusted setup: precompute must be 0..15")
    if not os.path.isfile(file):
        raise RuntimeError(f"error reading trusted setup: {file}: no such file")
    setup, err = _ct.c_void_p(), _ct.create_string_buffer(512)
    r = _lib.gc_kzg_setup_load_file(_ct.byref(setup), file.encode(), err, len(err))
    if r != _library.OK:
        raise RuntimeError(f"error loading trusted setup: {_library.RET_NAMES[r]}: {err.value.decode(errors='replace')}")
    devices, chosen = [], []
    try:
        chosen = _select_devices(device if device is not None else os.environ.get("GPUCHECK_CKZG_DEVICE"))
        for i in chosen:
            d = _ct.c_void_p()
            if _lib.gc_device_open(i, _ct.byref(d)) != _library.GC_OK:
                raise DeviceError(f"opening device {_lib.gc_device_info_at(i).contents.id.decode()}: {_last_error()}")
            devices.append(d)
        ids = [_lib.gc_device_info_at(i).contents.id.decode() for i in chosen]
        arr = (_ct.c_void_p * len(devices))(*devices)
        opt = _library.Options(comb_teeth=_comb_teeth(precompute))
        pool = _ct.c_void_p()
        r = _lib.gc_kzg_pool_create(_ct.byref(pool), arr, len(devices), setup, _ct.byref(opt), err, len(err))
        if r != _library.OK:
            raise (MemoryError if r == _library.MALLOC else DeviceError)(
                f"precomputing on the device: {_library.RET_NAMES[r]}: {err.value.decode(errors='replace')}")
    except BaseException:
        for d in devices:
            _lib.gc_device_close(d)
        _lib.gc_kzg_setup_free(setup)
        raise
    return KZGSettings(setup, pool, devices, ids)


def _check_blobs(blobs, ts, what):
    if type(blobs) not in (list, tuple):
        raise ValueError("expected a list of bytes and trusted setup")
    if type(ts) is not KZGSettings or any(type(b) is not bytes for b in blobs):
        raise ValueError("expected bytes and trusted setup")
    if any(len(b) != BYTES_PER_BLOB for b in blobs):
        raise ValueError(f"expected {what} to be BYTES_PER_BLOB bytes")
    if ts._pool is None:
        raise ValueError("expected bytes and trusted setup (this one is closed)")


def _raise_for(name, r, detail):
    """A call's return as ckzg's exceptions: refused input, host memory, or the device."""
    if r == _library.BADARGS:
        raise RuntimeError(f"{name} failed")
    if r == _library.MALLOC:
        raise MemoryError(f"{name}: out of host memory")
    if r != _library.OK:
        raise DeviceError(f"{name}: {_library.RET_NAMES[r]}: {detail}")


def _call(ts, name, fn, n, *buffers):
    """One device call on the pool, under the settings' lock; the GIL is released inside."""
    status = (_ct.c_int * max(n, 1))()
    detail = ""
    with ts._lock:
        r = fn(ts._pool, *buffers, n, status)
        if r != _library.OK:
            msg = _ct.c_char_p()
            _lib.gc_kzg_pool_last_error(ts._pool, None, _ct.byref(msg))
            detail = (msg.value or b"").decode(errors="replace")
    _raise_for(name, r, detail)
    bad = [i for i in range(n) if status[i] != _library.OK]
    if bad:
        raise RuntimeError(f"{name} failed: blob {bad[0]} has an element >= the field's modulus"
                           + (f" ({len(bad)} blobs refused)" if len(bad) > 1 else ""))


def _split(buf, size, count):
    raw = buf.raw
    return [raw[i * size:(i + 1) * size] for i in range(count)]


def blob_to_kzg_commitments_batch(blobs, ts, /):
    """The commitments of many blobs (a list of bytes), in one device call."""
    _check_blobs(blobs, ts, "blobs")
    n = len(blobs)
    out = _ct.create_string_buffer(n * BYTES_PER_COMMITMENT)
    if n:
        _call(ts, "blob_to_kzg_commitment", _lib.gc_kzg_pool_blob_to_commitment, n, out, b"".join(blobs))
    return _split(out, BYTES_PER_COMMITMENT, n)


def compute_cells_batch(blobs, ts, /):
    """compute_cells of many blobs in one device call: a list (one per blob) of 128 cells."""
    _check_blobs(blobs, ts, "blob")
    n = len(blobs)
    cells = _ct.create_string_buffer(n * CELLS_PER_EXT_BLOB * BYTES_PER_CELL)
    if n:
        _call(ts, "compute_cells", _lib.gc_kzg_pool_compute_cells, n, cells, b"".join(blobs))
    flat = _split(cells, BYTES_PER_CELL, n * CELLS_PER_EXT_BLOB)
    return [flat[i * CELLS_PER_EXT_BLOB:(i + 1) * CELLS_PER_EXT_BLOB] for i in range(n)]


def compute_cells_and_kzg_proofs_batch(blobs, ts, /):
    """compute_cells_and_kzg_proofs of many blobs in one device call: a list of (cells, proofs)."""
    _check_blobs(blobs, ts, "blob")
    n = len(blobs)
    cells = _ct.create_string_buffer(n * CELLS_PER_EXT_BLOB * BYTES_PER_CELL)
    proofs = _ct.create_string_buffer(n * CELLS_PER_EXT_BLOB * BYTES_PER_PROOF)
    if n:
        _call(ts, "compute_cells_and_kzg_proofs", _lib.gc_kzg_pool_compute_cells_and_proofs, n, cells, proofs, None,
              b"".join(blobs))
    c = _split(cells, BYTES_PER_CELL, n * CELLS_PER_EXT_BLOB)
    p = _split(proofs, BYTES_PER_PROOF, n * CELLS_PER_EXT_BLOB)
    k = CELLS_PER_EXT_BLOB
    return [(c[i * k:(i + 1) * k], p[i * k:(i + 1) * k]) for i in range(n)]


def blob_to_kzg_commitment(blob, ts, /):
    """ckzg.blob_to_kzg_commitment: 48 bytes."""
    _check_blobs([blob], ts, "blobs")
    return blob_to_kzg_commitments_batch([blob], ts)[0]


def compute_cells(blob, ts, /):
    """ckzg.compute_cells: a list of 128 cells of 2048 bytes."""
    _check_blobs([blob], ts, "blob")
    return compute_cells_batch([blob], ts)[0]


def compute_cells_and_kzg_proofs(blob, ts, /):
    """ckzg.compute_cells_and_kzg_proofs: (128 cells, 128 proofs of 48 bytes)."""
    _check_blobs([blob], ts, "blob")
    return compute_cells_and_kzg_proofs_batch([blob], ts)[0]


def _check_verify_cells(commitments, cell_indices, cells, proofs, ts):
    """ckzg's checks of verify_cell_kzg_proof_batch's arguments, in its order and with its
    exception types (ValueError for each; a refused value is the device call's)."""
    if any(type(a) is not list for a in (commitments, cell_indices, cells, proofs)) or type(ts) is not KZGSettings:
        raise ValueError("expected list, list, list, list, trusted setup")
    n = len(cells)
    if len(commitments) != n:
        raise ValueError("expected same number of commitments and cells")
    if len(cell_indices) != n:
        raise ValueError("expected same number of column indices and cells")
    if len(proofs) != n:
        raise ValueError("expected same number of proofs and cells")
    for what, items, size in (("commitment", commitments, BYTES_PER_COMMITMENT), ("cell", cells, BYTES_PER_CELL),
                              ("proof", proofs, BYTES_PER_PROOF)):
        for x in items:
            if type(x) is not bytes:
                raise ValueError(f"expected {what} to be bytes")
            if len(x) != size:
                raise ValueError(f"expected {what} to be BYTES_PER_{what.upper()} bytes")
    for i in cell_indices:
        if not isinstance(i, int):
            raise ValueError("expected column index to be an integer")
        if not 0 <= i < 1 << 64:
            raise ValueError("failed to convert column index to uint64_t")
    if ts._pool is None:
        raise ValueError("expected list, list, list, list, trusted setup (this one is closed)")


def verify_cell_kzg_proof_batch(commitments, cell_indices, cells, proofs, ts, /):
    """ckzg.verify_cell_kzg_proof_batch: True when every proofs[k] opens commitments[k] at
    cell cell_indices[k] to cells[k] (an empty batch is True); RuntimeError for a batch c-kzg
    refuses (an index >= 128, an element >= r, a commitment or proof that is not a point of
    the G1 subgroup). On the settings' first device, in one device call."""
    _check_verify_cells(commitments, cell_indices, cells, proofs, ts)
    n = len(cells)
    if n == 0:
        return True
    ok = _ct.c_bool(False)
    idx = (_ct.c_uint64 * n)(*cell_indices)
    with ts._lock:
        ctx = _lib.gc_kzg_pool_ctx(ts._pool, 0)
        r = _lib.gc_kzg_verify_cell_kzg_proof_batch(ctx, _ct.byref(ok), b"".join(commitments), idx, b"".join(cells),
                                                    b"".join(proofs), n)
        msg = _ct.c_char_p()
        _lib.gc_kzg_ctx_last_device_status(ctx, _ct.byref(msg))
        detail = (msg.value or b"").decode(errors="replace")
    if r == _library.BADARGS:
        raise RuntimeError(f"verify_cell_kzg_proof_batch failed: {detail}")
    if r == _library.MALLOC:
        raise MemoryError("verify_cell_kzg_proof_batch: out of host memory")
    if r != _library.OK:
        raise DeviceError(f"verify_cell_kzg_proof_batch: {_library.RET_NAMES[r]}: {detail}")
    return bool(ok.value)


# The EIP-4844 proofs and the EIP-7594 recovery (kzg_proofs.py) and the EIP-4844
# verifications (kzg_verify.py), under this module's names.
from .kzg_proofs import (compute_blob_kzg_proof, compute_blob_kzg_proof_batch, compute_kzg_proof,  # noqa: E402
                         compute_kzg_proof_batch, recover_cells_and_kzg_proofs, recover_cells_and_kzg_proofs_batch)
from .kzg_verify import (verify_blob_kzg_proof, verify_blob_kzg_proof_batch, verify_blob_kzg_proofs,  # noqa: E402
                         verify_kzg_proof, verify_kzg_proofs)
