# SPDX-License-Identifier: Apache-2.0
"""gpucheck.kzg against PyPI ckzg 2.1.8 on random and invalid inputs, on the default device.

GPUCHECK_SETUP names the trusted setup file (default: the repository's)."""
import ctypes
import os
import random
import threading
import time

import pytest

import gpucheck.kzg as kzg

from _common import SETUP, R, ckzg, random_blob


@pytest.fixture(scope="module")
def blobs():
    rng = random.Random(int(os.environ.get("GPUCHECK_TEST_SEED", time.time_ns())))
    return [random_blob(rng), random_blob(rng)]


def test_batch_matches_ckzg(ts, ref, blobs):
    got = kzg.compute_cells_and_kzg_proofs_batch(blobs, ts)
    assert len(got) == 2
    for blob, (cells, proofs) in zip(blobs, got):
        want_cells, want_proofs = ckzg.compute_cells_and_kzg_proofs(blob, ref)
        assert cells == want_cells
        assert proofs == want_proofs
    assert got[0][1] != got[1][1]  # the comparison is not vacuous
    assert kzg.blob_to_kzg_commitments_batch(blobs, ts) == [ckzg.blob_to_kzg_commitment(b, ref) for b in blobs]


def test_single_calls_match_ckzg(ts, ref, blobs):
    blob = blobs[0]
    assert kzg.blob_to_kzg_commitment(blob, ts) == ckzg.blob_to_kzg_commitment(blob, ref)
    assert kzg.compute_cells(blob, ts) == ckzg.compute_cells(blob, ref)
    zero = bytes(kzg.BYTES_PER_BLOB)
    assert kzg.blob_to_kzg_commitment(zero, ts) == ckzg.blob_to_kzg_commitment(zero, ref)


def _raised(f):
    try:
        f()
    except Exception as e:  # the type is what is compared
        return type(e)
    return None


BAD_BLOB = b"\xff" * kzg.BYTES_PER_BLOB
INVALID = [
    ("short blob", lambda m, s: m.blob_to_kzg_commitment(bytes(100), s)),
    ("str blob", lambda m, s: m.blob_to_kzg_commitment("x" * kzg.BYTES_PER_BLOB, s)),
    ("bytearray blob", lambda m, s: m.compute_cells(bytearray(kzg.BYTES_PER_BLOB), s)),
    ("int blob", lambda m, s: m.compute_cells_and_kzg_proofs(5, s)),
    ("no settings", lambda m, s: m.blob_to_kzg_commitment(bytes(kzg.BYTES_PER_BLOB), None)),
    ("element >= r (commitment)", lambda m, s: m.blob_to_kzg_commitment(BAD_BLOB, s)),
    ("element >= r (cells)", lambda m, s: m.compute_cells(BAD_BLOB, s)),
    ("element >= r (cells and proofs)", lambda m, s: m.compute_cells_and_kzg_proofs(BAD_BLOB, s)),
    ("keyword arguments", lambda m, s: m.blob_to_kzg_commitment(blob=bytes(kzg.BYTES_PER_BLOB), s=s)),
    ("missing setup file", lambda m, s: m.load_trusted_setup("/nonexistent/setup.txt", 0)),
    ("precompute 16", lambda m, s: m.load_trusted_setup(SETUP, 16)),
    ("precompute -1", lambda m, s: m.load_trusted_setup(SETUP, -1)),
    ("precompute str", lambda m, s: m.load_trusted_setup(SETUP, "0")),
    ("path as bytes", lambda m, s: m.load_trusted_setup(SETUP.encode(), 0)),
    ("not a setup file", lambda m, s: m.load_trusted_setup(__file__, 0)),
]


@pytest.mark.parametrize("name,call", INVALID, ids=[n for n, _ in INVALID])
def test_invalid_inputs_raise_as_ckzg(ts, ref, name, call):
    want = _raised(lambda: call(ckzg, ref))
    assert want is not None, f"ckzg accepted {name}"
    assert _raised(lambda: call(kzg, ts)) is want


def test_batch_names_the_refused_blob(ts, blobs):
    with pytest.raises(RuntimeError, match="blob 1"):
        kzg.compute_cells_and_kzg_proofs_batch([blobs[0], BAD_BLOB], ts)


def test_device_error_is_distinct():
    with pytest.raises(kzg.DeviceError) as e:
        kzg.load_trusted_setup(SETUP, 0, device="no-such-device-xyz")
    assert isinstance(e.value, RuntimeError) and type(e.value) is not RuntimeError


def test_threads_share_settings_and_the_gil_is_released(ts, ref, blobs):
    want = [ckzg.compute_cells(b, ref) for b in blobs]
    got, ticks, done = {}, [0], threading.Event()

    def ticker():  # runs only while the device calls release the GIL
        while not done.is_set():
            ticks[0] += 1
            time.sleep(0.001)

    def work(i):
        got[i] = kzg.compute_cells(blobs[i % 2], ts)

    t0 = threading.Thread(target=ticker)
    start = time.perf_counter()
    t0.start()
    workers = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    elapsed_ms = (time.perf_counter() - start) * 1e3
    done.set()
    t0.join()
    assert [got[i] for i in range(3)] == [want[0], want[1], want[0]]
    # ctypes releases the GIL around a CDLL's calls (a PyDLL's keep it)
    assert type(kzg._lib) is ctypes.CDLL
    # Where the three calls take long enough to tell (a CPU device: seconds), the ticker
    # (1 ms sleeps) must have run through them; on a GPU they end in a few ms.
    if elapsed_ms > 200:
        assert ticks[0] > elapsed_ms / 20, f"{ticks[0]} ticks in {elapsed_ms:.0f} ms: the GIL was held"


@pytest.fixture(scope="module")
def cells_proofs(ref, blobs):
    """ckzg's cells, proofs and commitments of the two random blobs."""
    out = []
    for b in blobs:
        cells, proofs = ckzg.compute_cells_and_kzg_proofs(b, ref)
        out.append((ckzg.blob_to_kzg_commitment(b, ref), cells, proofs))
    return out


def _verify_cases(cp):
    """Batches over the two blobs' cells: valid ones, and invalid ones that differ by one item."""
    (c0, cells0, proofs0), (c1, cells1, proofs1) = cp
    valid = ([c0, c1, c0, c1], [3, 127, 64, 0], [cells0[3], cells1[127], cells0[64], cells1[0]],
             [proofs0[3], proofs1[127], proofs0[64], proofs1[0]])
    changed = bytearray(cells0[5])
    changed[31] ^= 1
    return {
        "valid": valid,
        "empty": ([], [], [], []),
        "repeated": ([c0, c0], [7, 7], [cells0[7], cells0[7]], [proofs0[7], proofs0[7]]),
        "one wrong proof": (valid[0], valid[1], valid[2], [proofs0[3], proofs1[127], proofs0[65], proofs1[0]]),
        "swapped proofs": ([c0, c0], [1, 2], [cells0[1], cells0[2]], [proofs0[2], proofs0[1]]),
        "changed element": ([c0], [5], [bytes(changed)], [proofs0[5]]),
        "wrong index": ([c0], [6], [cells0[5]], [proofs0[5]]),
        "wrong commitment": ([c1], [5], [cells0[5]], [proofs0[5]]),
    }


def test_verify_cells_matches_ckzg(ts, ref, cells_proofs):
    got, want = {}, {}
    for name, args in _verify_cases(cells_proofs).items():
        want[name] = ckzg.verify_cell_kzg_proof_batch(*args, ref)
        got[name] = kzg.verify_cell_kzg_proof_batch(*args, ts)
    assert got == want
    assert True in want.values() and False in want.values()  # the comparison is not vacuous


def _bad_verify_calls(cp):
    (c0, cells0, proofs0), _ = cp
    elem_r = R.to_bytes(32, "big") + cells0[0][32:]
    return [
        ("index 128", ([c0], [128], [cells0[0]], [proofs0[0]])),
        ("index -1", ([c0], [-1], [cells0[0]], [proofs0[0]])),
        ("index 2**64", ([c0], [1 << 64], [cells0[0]], [proofs0[0]])),
        ("index str", ([c0], ["0"], [cells0[0]], [proofs0[0]])),
        ("index float", ([c0], [0.0], [cells0[0]], [proofs0[0]])),
        ("element = r", ([c0], [0], [elem_r], [proofs0[0]])),
        ("commitment bad flags", ([bytes(48)], [0], [cells0[0]], [proofs0[0]])),
        ("proof off the curve", ([c0], [0], [cells0[0]], [b"\x80" + bytes(46) + b"\x05"])),
        ("short commitment", ([c0[:47]], [0], [cells0[0]], [proofs0[0]])),
        ("short cell", ([c0], [0], [cells0[0][:2047]], [proofs0[0]])),
        ("short proof", ([c0], [0], [cells0[0]], [proofs0[0][:47]])),
        ("bytearray commitment", ([bytearray(c0)], [0], [cells0[0]], [proofs0[0]])),
        ("tuple", ((c0,), [0], [cells0[0]], [proofs0[0]])),
        ("more commitments", ([c0, c0], [0], [cells0[0]], [proofs0[0]])),
        ("more indices", ([c0], [0, 1], [cells0[0]], [proofs0[0]])),
        ("fewer proofs", ([c0], [0], [cells0[0]], [])),
    ]


def test_verify_cells_refuses_as_ckzg(ts, ref, cells_proofs):
    for name, args in _bad_verify_calls(cells_proofs):
        want = _raised(lambda: ckzg.verify_cell_kzg_proof_batch(*args, ref))
        assert want is not None, f"ckzg accepted {name}"
        assert _raised(lambda: kzg.verify_cell_kzg_proof_batch(*args, ts)) is want, name
    assert _raised(lambda: kzg.verify_cell_kzg_proof_batch([], [], [], [], None)) is ValueError
    assert _raised(lambda: kzg.verify_cell_kzg_proof_batch(commitments=[], cell_indices=[], cells=[], proofs=[],
                                                           ts=ts)) is TypeError
