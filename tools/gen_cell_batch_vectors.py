#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the G1 side of the batch verifications (crypto/kzg/verify/cell_batch.c, blob_batch.c).

The consensus specs' own Python (taken from the spec markdown at run time, not copied here:
Fulu's verify_cell_kzg_proof_batch and verify_cell_kzg_proof_batch_impl with their helpers,
Deneb's g1_lincomb, compute_powers, roots of unity, bit reversal) runs over py_ecc, with
bls.pairing_check replaced by a capture of its two G1 arguments: LL = sum_k r^k proofs[k] and
RL = RLC - RLI + RLP. Cells, commitments and proofs come from PyPI ckzg 2.1.8 (whose
verify_cell_kzg_proof_batch verdict is recorded too). Likewise Deneb's verify_kzg_proof_batch
(EIP-4844's verify_blob_kzg_proof_batch after its evaluation challenges): LL = sum r^i proof_i and
RL = sum r^i (C_i - [y_i]) + sum r^i z_i proof_i, over py_ecc points and stream openings.
Output: crypto/kzg/vectors/verify_cell_batch_g1.txt and verify_blob_batch_g1.txt (formats in
crypto/kzg/vectors/README.md).
Not in the test path; a few minutes (the spec interpolates each cell in O(64^3)).

Rerun (from the repository root), with the specs as gen_kzg_challenge_vectors.py takes them:
    python3 tools/gen_cell_batch_vectors.py --fulu /tmp/fulu.md --deneb /tmp/deneb.md [--check]
"""
import argparse
import hashlib
import os
import sys
from typing import List, Sequence

import ckzg
from py_ecc.bls.point_compression import compress_G1, decompress_G1
from py_ecc.optimized_bls12_381 import G1, Z1, add, curve_order, multiply, neg
from vectors_common import blob, spec_functions, write_or_check_text
from vectors_common import stream_element as stream_int

R = curve_order
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "crypto", "kzg", "vectors", "verify_cell_batch_g1.txt")
OUT_BLOB = os.path.join(HERE, "..", "crypto", "kzg", "vectors", "verify_blob_batch_g1.txt")
SETUP = os.path.join(HERE, "..", "crypto", "kzg", "trusted_setup.txt")


class Fr:
    """The spec's BLSFieldElement: integers mod r."""
    def __init__(self, v=0):
        self.v = int(v) % R
    def __int__(self): return self.v
    def __index__(self): return self.v
    def __add__(self, o): return Fr(self.v + int(o))
    def __sub__(self, o): return Fr(self.v - int(o))
    def __mul__(self, o): return Fr(self.v * int(o))
    def __truediv__(self, o): return self * Fr(o).inverse()
    def __neg__(self): return Fr(-self.v)
    def __eq__(self, o): return self.v == int(o) % R
    def __hash__(self): return hash(self.v)
    def pow(self, e): return Fr(pow(self.v, int(e), R))
    def inverse(self): return Fr(pow(self.v, R - 2, R))


class Bls:
    """The spec's bls module over py_ecc, pairing_check captured."""
    class G1:  # bls.G1() is the generator, bls.G1.identity() infinity
        def __new__(cls): return G1
        @staticmethod
        def identity(): return Z1
    multiply = staticmethod(lambda p, k: multiply(p, int(k)))
    @staticmethod
    def G2(): return None
    captured = None
    @staticmethod
    def bytes48_to_G1(b): return decompress_G1(int.from_bytes(bytes(b), "big"))
    @staticmethod
    def G1_to_bytes48(p): return compress_G1(p).to_bytes(48, "big")
    @staticmethod
    def multi_exp(points, scalars):
        acc = Z1
        for p, s in zip(points, scalars):
            acc = add(acc, multiply(p, int(s)))
        return acc
    add = staticmethod(add)
    @staticmethod
    def neg(p): return None if p is None else neg(p)  # None: the G2 points, unused here
    @staticmethod
    def bytes96_to_G2(b): return None
    @staticmethod
    def pairing_check(pairs):
        Bls.captured = (pairs[0][0], pairs[1][0])
        return True


def spec_namespace(fulu, deneb, monomial):
    ns = dict(Sequence=Sequence, List=List, T=object, BLSFieldElement=Fr, Bytes32=bytes, Bytes48=bytes,
              KZGCommitment=bytes, KZGProof=bytes, Cell=bytes, CellIndex=int, CommitmentIndex=int,
              CosetEvals=lambda *a: list(*a) if a else [Fr(0)] * 64, Coset=list, PolynomialCoeff=list, Uint64=int,
              BLS_MODULUS=R, KZG_ENDIANNESS="big", FIELD_ELEMENTS_PER_BLOB=4096, FIELD_ELEMENTS_PER_CELL=64,
              FIELD_ELEMENTS_PER_EXT_BLOB=8192, BYTES_PER_FIELD_ELEMENT=32, BYTES_PER_CELL=2048,
              BYTES_PER_COMMITMENT=48, BYTES_PER_PROOF=48, CELLS_PER_EXT_BLOB=128, PRIMITIVE_ROOT_OF_UNITY=7,
              RANDOM_CHALLENGE_KZG_CELL_BATCH_DOMAIN=b"RCKZGCBATCH__V1_",
              RANDOM_CHALLENGE_KZG_BATCH_DOMAIN=b"RCKZGBATCH___V1_", hash=lambda d: hashlib.sha256(d).digest(),
              bytes_to_kzg_commitment=lambda b: bytes(b), bytes_to_kzg_proof=lambda b: bytes(b), bls=Bls,
              KZG_SETUP_G1_MONOMIAL=monomial, KZG_SETUP_G2_MONOMIAL=[None] * 65)
    for src in spec_functions(deneb, ["is_power_of_two", "reverse_bits", "bit_reversal_permutation",
                                      "hash_to_bls_field", "bls_field_to_bytes", "bytes_to_bls_field",
                                      "compute_powers", "compute_roots_of_unity", "g1_lincomb",
                                      "verify_kzg_proof_batch"]) + \
            spec_functions(fulu, ["cell_to_coset_evals", "compute_verify_cell_kzg_proof_batch_challenge",
                                  "add_polynomialcoeff", "multiply_polynomialcoeff", "interpolate_polynomialcoeff",
                                  "coset_shift_for_cell", "coset_for_cell", "verify_cell_kzg_proof_batch_impl",
                                  "verify_cell_kzg_proof_batch"]):
        exec(src, ns)
    return ns


def monomial_points():
    """The setup file's G1 monomial section (its third block of points)."""
    lines = [l.strip() for l in open(SETUP) if l.strip()]
    n1, n2 = int(lines[0]), int(lines[1])
    return [bytes.fromhex(h) for h in lines[2 + n1 + n2:2 + n1 + n2 + 64]]


def blob_batches(ns):
    """verify_kzg_proof_batch's two G1 points over openings that need not verify."""
    lines = ["# The G1 side of verify_kzg_proof_batch: tools/gen_cell_batch_vectors.py (the consensus specs'",
             "# Python over py_ecc 8.0.0; points [k] G, z and y from a splitmix64 stream)."]
    seed, e = 0x42424100, 0
    for name, n in (("two_openings", 2), ("three_openings", 3)):
        cs, zs, ys, ps = [], [], [], []
        for i in range(n):
            cs.append(Bls.G1_to_bytes48(multiply(G1, 7000 + e))), ps.append(Bls.G1_to_bytes48(multiply(G1, 9000 + e)))
            zs.append(Fr(stream_int(seed, e))), ys.append(Fr(stream_int(seed, e + 1)))
            e += 2
        Bls.captured = None
        ns["verify_kzg_proof_batch"](cs, zs, ys, ps)
        ll, rl = Bls.captured
        lines.append("case %s %d" % (name, n))
        for c, z, y, p in zip(cs, zs, ys, ps):
            lines.append("opening %s %064x %064x %s" % (c.hex(), int(z), int(y), p.hex()))
        lines += ["ll " + Bls.G1_to_bytes48(ll).hex(), "rl " + Bls.G1_to_bytes48(rl).hex(), "end"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fulu", required=True)
    ap.add_argument("--deneb", required=True)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ns = spec_namespace(args.fulu, args.deneb, monomial_points())
    ts = ckzg.load_trusted_setup(SETUP, 0)
    blobs = [blob(0x56455200 + 0x10000 * b) for b in range(2)]
    data = []
    for b in blobs:
        cells, proofs = ckzg.compute_cells_and_kzg_proofs(b, ts)
        data.append((bytes(ckzg.blob_to_kzg_commitment(b, ts)), cells, proofs))
    picks = {"two_blobs_duplicates": [(0, 3), (1, 127), (0, 64), (1, 0)],
             "one_wrong_proof": [(0, 7), (0, 8), (1, 9)]}
    lines = ["# The G1 side of verify_cell_kzg_proof_batch: tools/gen_cell_batch_vectors.py (the consensus",
             "# specs' Python over py_ecc 8.0.0; cells and proofs from ckzg 2.1.8, its verdict recorded)."]
    for name, items in picks.items():
        cs = [data[b][0] for b, i in items]
        idx = [i for b, i in items]
        cells = [bytes(data[b][1][i]) for b, i in items]
        proofs = [bytes(data[b][2][i]) for b, i in items]
        if name == "one_wrong_proof":
            proofs[1] = bytes(data[0][2][9])
        valid = ckzg.verify_cell_kzg_proof_batch(cs, idx, cells, proofs, ts)
        Bls.captured = None
        ns["verify_cell_kzg_proof_batch"](cs, idx, cells, proofs)
        ll, rl = Bls.captured
        lines.append("case %s %d" % (name, len(items)))
        for c, i, cell, p in zip(cs, idx, cells, proofs):
            lines.append("cell %s %d %s %s" % (c.hex(), i, p.hex(), cell.hex()))
        lines += ["ll " + Bls.G1_to_bytes48(ll).hex(), "rl " + Bls.G1_to_bytes48(rl).hex(),
                  "ckzg_valid %d" % int(valid), "end"]
    text = "\n".join(lines) + "\n"
    blob_text = blob_batches(ns)
    if args.check:
        return write_or_check_text(OUT_BLOB, blob_text, True) or write_or_check_text(OUT, text, True)
    with open(OUT, "w") as f:
        f.write(text)
    with open(OUT_BLOB, "w") as f:
        f.write(blob_text)
    print("wrote", OUT, OUT_BLOB)
    return 0


if __name__ == "__main__":
    sys.exit(main())
