#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the known answers of the batch-verification challenges (crypto/kzg/verify/challenge.c).

The challenges are computed by the consensus specs' own Python functions, taken from the spec
markdown at run time (not copied here): Fulu's verify_cell_kzg_proof_batch (its commitment
de-duplication, in order of first appearance, as c-kzg 2.1.8's deduplicate_commitments) and
compute_verify_cell_kzg_proof_batch_challenge, and Deneb's verify_kzg_proof_batch (whose r it
computes before any curve arithmetic), hash_to_bls_field, bls_field_to_bytes, compute_powers.
Commitments and proofs are py_ecc points; cells and openings come from a splitmix64 stream.
Output: crypto/kzg/vectors/verify_challenges.txt (format in crypto/kzg/vectors/README.md).
Not in the test path.

Rerun (from the repository root), with the specs as they were before the KZG functions moved
to ethereum/cryptography-specs (consensus-specs commit 26343543^):
    git -C consensus-specs show 26343543^:specs/fulu/polynomial-commitments-sampling.md > /tmp/fulu.md
    git -C consensus-specs show 26343543^:specs/deneb/polynomial-commitments.md > /tmp/deneb.md
    python3 tools/gen_kzg_challenge_vectors.py --fulu /tmp/fulu.md --deneb /tmp/deneb.md [--check]
"""
import argparse
import hashlib
import os
import sys
from typing import List, Sequence

from py_ecc.bls.point_compression import compress_G1
from py_ecc.optimized_bls12_381 import G1, curve_order, multiply
from vectors_common import spec_functions, splitmix64, stream_element, write_or_check_text

R = curve_order
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "kzg", "vectors",
                   "verify_challenges.txt")


class Captured(Exception):
    pass


def spec_namespace(fulu, deneb):
    ns = dict(Sequence=Sequence, List=List, int=int, bytes=bytes,
              BLSFieldElement=lambda x: int(x) % R, Bytes32=bytes, Bytes48=bytes, KZGCommitment=bytes,
              KZGProof=bytes, Cell=bytes, CellIndex=int, CommitmentIndex=int, CosetEvals=lambda *a: list(*a) if a else [0] * 64,
              Uint64=int,
              BLS_MODULUS=R, KZG_ENDIANNESS="big", FIELD_ELEMENTS_PER_BLOB=4096, FIELD_ELEMENTS_PER_CELL=64,
              BYTES_PER_FIELD_ELEMENT=32, BYTES_PER_CELL=2048, BYTES_PER_COMMITMENT=48, BYTES_PER_PROOF=48,
              CELLS_PER_EXT_BLOB=128, RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN=b"RCKZGCBATCH__V1_",
              RANDOM_CHALLENGE_KZG_BATCH_DOMAIN=b"RCKZGBATCH___V1_",
              hash=lambda d: hashlib.sha256(d).digest(),
              bytes_to_kzg_commitment=lambda b: bytes(b), bytes_to_kzg_proof=lambda b: bytes(b))
    for src in spec_functions(deneb, ["hash_to_bls_field", "bls_field_to_bytes", "bytes_to_bls_field",
                                      "compute_powers", "verify_kzg_proof_batch"]) + \
            spec_functions(fulu, ["cell_to_coset_evals", "compute_verify_cell_kzg_proof_batch_challenge",
                                  "verify_cell_kzg_proof_batch"]):
        exec(src, ns)
    return ns


def cell_challenge(ns, commitments, cell_indices, cells, proofs):
    """verify_cell_kzg_proof_batch's own de-duplication, its impl replaced by the challenge."""
    def impl(commitments_u, commitment_indices, cell_indices_, cosets_evals, proofs_):
        raise Captured(ns["compute_verify_cell_kzg_proof_batch_challenge"](
            commitments_u, commitment_indices, cell_indices_, cosets_evals, proofs_))
    ns["verify_cell_kzg_proof_batch_impl"] = impl
    try:
        ns["verify_cell_kzg_proof_batch"](commitments, cell_indices, cells, proofs)
    except Captured as c:
        return int(c.args[0])
    sys.exit("verify_cell_kzg_proof_batch returned without computing its challenge")


def blob_challenge(ns, commitments, zs, ys, proofs):
    """verify_kzg_proof_batch up to its r (compute_powers' argument)."""
    real = ns["compute_powers"]

    def capture(x, n):
        raise Captured(x)
    ns["compute_powers"] = capture
    try:
        ns["verify_kzg_proof_batch"](commitments, zs, ys, proofs)
    except Captured as c:
        return int(c.args[0])
    finally:
        ns["compute_powers"] = real
    sys.exit("verify_kzg_proof_batch returned without computing r")


def point(k):
    return compress_G1(multiply(G1, k)).to_bytes(48, "big")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fulu", required=True)
    ap.add_argument("--deneb", required=True)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ns = spec_namespace(args.fulu, args.deneb)
    lines = ["# Batch-verification challenges: tools/gen_kzg_challenge_vectors.py (the consensus specs'",
             "# Python functions, consensus-specs 26343543^, over py_ecc 8.0.0 points)."]
    seed = 0x52434B00
    # cells: (name, [(commitment multiplier, cell index)])
    cell_cases = [
        ("empty", []),
        ("one_cell", [(11, 5)]),
        ("duplicate_commitments", [(21, 0), (22, 0), (21, 127), (23, 64), (22, 3), (21, 5)]),
        ("same_cell_twice", [(31, 9), (31, 9)]),
        ("one_blob_all_cells", [(41, i) for i in range(128)]),
    ]
    cell_no = 0
    for name, items in cell_cases:
        lines.append("cell_case %s %d %d" % (name, len(items), seed))
        commitments, indices, cells, proofs = [], [], [], []
        for c, idx in items:
            cell = b"".join(stream_element(seed, 64 * cell_no + j).to_bytes(32, "big") for j in range(64))
            proof = point(1000 + cell_no)
            commitments.append(point(c)), indices.append(idx), cells.append(cell), proofs.append(proof)
            lines.append("cell %s %d %s" % (point(c).hex(), idx, proof.hex()))
            cell_no += 1
        r = cell_challenge(ns, commitments, indices, cells, proofs)
        lines += ["challenge %064x" % r, "end"]
    blob_cases = [("empty", 0), ("one_opening", 1), ("three_openings", 3), ("duplicate_openings", 2)]
    e = 100000
    for name, n in blob_cases:
        lines.append("blob_case %s %d" % (name, n))
        cs, zs, ys, ps = [], [], [], []
        for i in range(n):
            if name == "duplicate_openings" and i == 1:
                c, z, y, p = cs[0], zs[0], ys[0], ps[0]
            else:
                c, p = point(2000 + e), point(3000 + e)
                z, y = stream_element(seed, e), stream_element(seed, e + 1)
                e += 2
            cs.append(c), zs.append(z), ys.append(y), ps.append(p)
            lines.append("opening %s %064x %064x %s" % (c.hex(), z, y, p.hex()))
        lines += ["challenge %064x" % blob_challenge(ns, cs, zs, ys, ps), "end"]
    text = "\n".join(lines) + "\n"
    return write_or_check_text(OUT, text, args.check)


if __name__ == "__main__":
    sys.exit(main())
