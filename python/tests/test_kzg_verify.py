# SPDX-License-Identifier: Apache-2.0
"""gpucheck.kzg's verify_kzg_proof, verify_blob_kzg_proof and verify_blob_kzg_proof_batch
(and the many-item verify_kzg_proofs, verify_blob_kzg_proofs) against PyPI ckzg 2.1.8 on
fresh random inputs, valid and not, and ckzg's exceptions for refused and malformed ones."""
import os
import random
import time

import pytest

import gpucheck.kzg as kzg

from _common import SETUP, R, ckzg, random_blob
RNG = random.Random(int(os.environ.get("GPUCHECK_TEST_SEED", time.time_ns())))
NOT_IN_SUBGROUP = bytes([0x80]) + bytes(47)


@pytest.fixture(scope="module")
def case(ref):
    """Two blobs, their commitments and blob proofs, an opening of the first at a random z."""
    blobs = [random_blob(RNG), random_blob(RNG)]
    cms = [bytes(ckzg.blob_to_kzg_commitment(b, ref)) for b in blobs]
    pfs = [bytes(ckzg.compute_blob_kzg_proof(b, c, ref)) for b, c in zip(blobs, cms)]
    z = RNG.randrange(R).to_bytes(32, "big")
    proof, y = (bytes(x) for x in ckzg.compute_kzg_proof(blobs[0], z, ref))
    return blobs, cms, pfs, z, y, proof


def other_y(y):
    return ((int.from_bytes(y, "big") + 1) % R).to_bytes(32, "big")


def test_verify_kzg_proof_matches_ckzg(ts, ref, case):
    blobs, cms, pfs, z, y, proof = case
    items = [(cms[0], z, y, proof), (cms[0], z, other_y(y), proof), (cms[1], z, y, proof), (cms[0], z, y, pfs[0])]
    want = [ckzg.verify_kzg_proof(*it, ref) for it in items]
    assert want == [True, False, False, False]  # control: the comparison tells true from false
    assert [kzg.verify_kzg_proof(*it, ts) for it in items] == want
    assert kzg.verify_kzg_proofs(*[list(x) for x in zip(*items)], ts) == want


def test_verify_blob_kzg_proof_matches_ckzg(ts, ref, case):
    blobs, cms, pfs, _, _, _ = case
    items = [(blobs[0], cms[0], pfs[0]), (blobs[1], cms[1], pfs[1]), (blobs[0], cms[0], pfs[1]),
             (blobs[1], cms[0], pfs[0])]
    want = [ckzg.verify_blob_kzg_proof(*it, ref) for it in items]
    assert want == [True, True, False, False]
    assert [kzg.verify_blob_kzg_proof(*it, ts) for it in items] == want
    assert kzg.verify_blob_kzg_proofs(*[list(x) for x in zip(*items)], ts) == want


def test_verify_blob_kzg_proof_batch_matches_ckzg(ts, ref, case):
    blobs, cms, pfs, _, _, _ = case
    for b, c, p in [(blobs, cms, pfs), (blobs, cms, pfs[::-1]), (blobs[:1], cms[:1], pfs[:1]), ([], [], [])]:
        args = (b"".join(b), b"".join(c), b"".join(p))
        assert kzg.verify_blob_kzg_proof_batch(*args, ts) == ckzg.verify_blob_kzg_proof_batch(*args, ref)


def test_refused_inputs_raise_as_ckzg(ts, ref, case):
    blobs, cms, pfs, z, y, proof = case
    r = R.to_bytes(32, "big")
    bad_blob = blobs[0][:32] + r + blobs[0][64:]
    calls = [("verify_kzg_proof", (cms[0], r, y, proof)), ("verify_kzg_proof", (cms[0], z, r, proof)),
             ("verify_kzg_proof", (NOT_IN_SUBGROUP, z, y, proof)), ("verify_blob_kzg_proof", (bad_blob, cms[0], pfs[0])),
             ("verify_blob_kzg_proof", (blobs[0], cms[0], NOT_IN_SUBGROUP)),
             ("verify_blob_kzg_proof_batch", (blobs[0] + bad_blob, cms[0] * 2, pfs[0] * 2))]
    for name, args in calls:
        with pytest.raises(RuntimeError):
            getattr(ckzg, name)(*args, ref)
        with pytest.raises(RuntimeError, match=name):
            getattr(kzg, name)(*args, ts)


def test_malformed_arguments_raise_ckzgs_value_errors(ts, ref, case):
    blobs, cms, pfs, z, y, proof = case
    calls = [("verify_kzg_proof", (cms[0][:47], z, y, proof)), ("verify_kzg_proof", (cms[0], z[:31], y, proof)),
             ("verify_kzg_proof", (cms[0], z, y, proof + b"0")), ("verify_kzg_proof", (1, z, y, proof)),
             ("verify_blob_kzg_proof", (blobs[0][:5], cms[0], pfs[0])),
             ("verify_blob_kzg_proof_batch", (blobs[0] + b"1", cms[0], pfs[0])),
             ("verify_blob_kzg_proof_batch", (blobs[0], cms[0] * 2, pfs[0])),
             ("verify_blob_kzg_proof_batch", ([blobs[0]], [cms[0]], [pfs[0]]))]
    for name, args in calls:
        with pytest.raises(ValueError) as want:
            getattr(ckzg, name)(*args, ref)
        with pytest.raises(ValueError) as got:
            getattr(kzg, name)(*args, ts)
        assert str(got.value) == str(want.value)
