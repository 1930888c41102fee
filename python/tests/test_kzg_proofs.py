# SPDX-License-Identifier: Apache-2.0
"""gpucheck.kzg's compute_kzg_proof, compute_blob_kzg_proof and recover_cells_and_kzg_proofs
(single and _batch) against PyPI ckzg 2.1.8 on random and invalid inputs, on the default
device. Few blobs: recovery with proofs is an FK20 run a blob (seconds on a CPU device)."""
import os
import random
import time

import pytest

import gpucheck.kzg as kzg

from _common import SETUP, R, ckzg, random_blob
RNG = random.Random(int(os.environ.get("GPUCHECK_TEST_SEED", time.time_ns())))


def field(rng):
    return rng.randrange(R).to_bytes(32, "big")


@pytest.fixture(scope="module")
def blobs():
    return [random_blob(RNG), random_blob(RNG)]


@pytest.fixture(scope="module")
def commitments(ref, blobs):
    return [ckzg.blob_to_kzg_commitment(b, ref) for b in blobs]


def test_compute_kzg_proof_matches_ckzg(ts, ref, blobs):
    zs = [field(RNG), (1).to_bytes(32, "big")]  # a random z, and one in the domain (its own path)
    want = [ckzg.compute_kzg_proof(b, z, ref) for b, z in zip(blobs, zs)]
    assert want[0] != want[1]  # control: the comparison below can tell two answers apart
    assert kzg.compute_kzg_proof_batch(blobs, zs, ts) == want
    got = kzg.compute_kzg_proof(blobs[0], zs[0], ts)
    assert type(got) is tuple and got == want[0]


def test_compute_blob_kzg_proof_matches_ckzg(ts, ref, blobs, commitments):
    want = [ckzg.compute_blob_kzg_proof(b, c, ref) for b, c in zip(blobs, commitments)]
    assert want[0] != want[1]
    assert kzg.compute_blob_kzg_proof_batch(blobs, commitments, ts) == want
    assert kzg.compute_blob_kzg_proof(blobs[1], commitments[1], ts) == want[1]
    identity = bytes([0xC0]) + bytes(47)  # a valid commitment that is not the blob's
    assert kzg.compute_blob_kzg_proof(blobs[0], identity, ts) == ckzg.compute_blob_kzg_proof(blobs[0], identity, ref)


def test_recover_matches_ckzg(ts, ref, blobs):
    cells, _ = ckzg.compute_cells_and_kzg_proofs(blobs[0], ref)
    cases = []
    for n in (64, 100):
        idx = sorted(RNG.sample(range(kzg.CELLS_PER_EXT_BLOB), n))
        cases.append((idx, [cells[i] for i in idx]))
    want = [ckzg.recover_cells_and_kzg_proofs(i, c, ref) for i, c in cases]
    got = kzg.recover_cells_and_kzg_proofs_batch([i for i, _ in cases], [c for _, c in cases], ts)
    assert [(list(c), list(p)) for c, p in want] == got
    one = kzg.recover_cells_and_kzg_proofs(*cases[0], ts)
    assert type(one) is tuple and one == tuple(want[0])
    assert one[0] != kzg.compute_cells(blobs[1], ts)  # control: another blob's cells differ


BLOB0 = bytes(kzg.BYTES_PER_BLOB)
Z_R = R.to_bytes(32, "big")
CELL0 = bytes(kzg.BYTES_PER_CELL)
IDENT = bytes([0xC0]) + bytes(47)
INVALID = [
    ("kzg: short blob", lambda m, s: m.compute_kzg_proof(bytes(100), bytes(32), s)),
    ("kzg: short z", lambda m, s: m.compute_kzg_proof(BLOB0, bytes(31), s)),
    ("kzg: z = r", lambda m, s: m.compute_kzg_proof(BLOB0, Z_R, s)),
    ("kzg: element >= r", lambda m, s: m.compute_kzg_proof(b"\xff" * kzg.BYTES_PER_BLOB, bytes(32), s)),
    ("kzg: str blob", lambda m, s: m.compute_kzg_proof("x", bytes(32), s)),
    ("kzg: bytearray z", lambda m, s: m.compute_kzg_proof(BLOB0, bytearray(32), s)),
    ("kzg: no settings", lambda m, s: m.compute_kzg_proof(BLOB0, bytes(32), None)),
    ("kzg: keywords", lambda m, s: m.compute_kzg_proof(blob=BLOB0, z_bytes=bytes(32), s=s)),
    ("blob: short commitment", lambda m, s: m.compute_blob_kzg_proof(BLOB0, IDENT[:47], s)),
    ("blob: off-curve commitment", lambda m, s: m.compute_blob_kzg_proof(BLOB0, bytes([0x80]) + b"\x01" * 47, s)),
    ("blob: no compression bit", lambda m, s: m.compute_blob_kzg_proof(BLOB0, bytes(48), s)),
    ("blob: short blob", lambda m, s: m.compute_blob_kzg_proof(BLOB0[1:], IDENT, s)),
    ("recover: 63 cells", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(63)), [CELL0] * 63, s)),
    ("recover: no cells", lambda m, s: m.recover_cells_and_kzg_proofs([], [], s)),
    ("recover: counts differ", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(64)), [CELL0] * 65, s)),
    ("recover: short cell", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(64)), [CELL0[1:]] * 64, s)),
    ("recover: bytearray cell", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(64)), [bytearray(CELL0)] * 64,
                                                                            s)),
    ("recover: index 128", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(63)) + [128], [CELL0] * 64, s)),
    ("recover: index -1", lambda m, s: m.recover_cells_and_kzg_proofs([-1] + list(range(1, 64)), [CELL0] * 64, s)),
    ("recover: index 2^64", lambda m, s: m.recover_cells_and_kzg_proofs([2**64] + list(range(1, 64)), [CELL0] * 64,
                                                                        s)),
    ("recover: str index", lambda m, s: m.recover_cells_and_kzg_proofs(["a"] + list(range(1, 64)), [CELL0] * 64, s)),
    ("recover: duplicate", lambda m, s: m.recover_cells_and_kzg_proofs([0] + list(range(63)), [CELL0] * 64, s)),
    ("recover: unsorted", lambda m, s: m.recover_cells_and_kzg_proofs([1, 0] + list(range(2, 64)), [CELL0] * 64, s)),
    ("recover: tuple", lambda m, s: m.recover_cells_and_kzg_proofs(tuple(range(64)), [CELL0] * 64, s)),
    ("recover: 129 cells", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(129)), [CELL0] * 129, s)),
    ("recover: element >= r", lambda m, s: m.recover_cells_and_kzg_proofs(list(range(64)),
                                                                          [b"\xff" * kzg.BYTES_PER_CELL] * 64, s)),
]


def _outcome(f):
    try:
        f()
    except Exception as e:  # the type, and ValueError's message, are compared
        return type(e), str(e) if type(e) is ValueError else None
    return None


@pytest.mark.parametrize("name,call", INVALID, ids=[n for n, _ in INVALID])
def test_invalid_inputs_raise_as_ckzg(ts, ref, name, call):
    want = _outcome(lambda: call(ckzg, ref))
    assert want is not None, f"ckzg accepted {name}"
    assert _outcome(lambda: call(kzg, ts)) == want


def test_batches_refuse_and_name_the_case(ts, blobs):
    with pytest.raises(RuntimeError, match="case 1"):
        kzg.compute_kzg_proof_batch(blobs, [bytes(32), Z_R], ts)
    with pytest.raises(ValueError):
        kzg.compute_blob_kzg_proof_batch(blobs, [IDENT], ts)
    assert kzg.compute_kzg_proof_batch([], [], ts) == []
    assert kzg.recover_cells_and_kzg_proofs_batch([], [], ts) == []
