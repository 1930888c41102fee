#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate verify_cell_kzg_proof_batch known answers from PyPI ckzg 2.1.8 (c-kzg-4844 on blst).

Two blobs from a splitmix64 stream, their cells, commitments and proofs from ckzg, then batches
that must verify, must not, and must be refused (ckzg raises on C_KZG_BADARGS): valid with a
duplicated commitment, empty, one wrong proof, a swapped pair, a changed element, a wrong index,
a wrong commitment, a repeated cell, index 128, an element = r, a bad encoding, a point off the
curve, one outside the subgroup, the identity as a proof. Output:
crypto/kzg/vectors/verify_cell_kzg_proof_batch.txt (format in crypto/kzg/vectors/README.md).
Not in the test path.

Rerun (from the repository root):
    pip install ckzg==2.1.8
    python3 tools/gen_verify_cell_vectors.py [--check]
"""
import argparse
import os
import sys

import ckzg
from vectors_common import blob, write_or_check_text

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "crypto", "kzg", "vectors", "verify_cell_kzg_proof_batch.txt")
SETUP = os.path.join(HERE, "..", "crypto", "kzg", "trusted_setup.txt")
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
IDENTITY = bytes([0xC0]) + bytes(47)
BAD_FLAGS = bytes(48)
OFF_CURVE = bytes([0x80]) + bytes(46) + b"\x01"  # x = 1: 5 is not a square mod p
NOT_IN_SUBGROUP = bytes([0x80]) + bytes(46) + b"\x04"  # x = 4: on the curve, outside G1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ts = ckzg.load_trusted_setup(SETUP, 0)
    blobs = [blob(0x56455200 + 0x10000 * b) for b in range(2)]
    com, cells, proofs = [], [], []
    for b in blobs:
        c, p = ckzg.compute_cells_and_kzg_proofs(b, ts)
        com.append(bytes(ckzg.blob_to_kzg_commitment(b, ts))), cells.append([bytes(x) for x in c])
        proofs.append([bytes(x) for x in p])
    defs = {}  # name -> cell bytes

    def cell(b, i, name=None, data=None):
        key = name or "b%dc%d" % (b, i)
        defs[key] = data if data is not None else cells[b][i]
        return key

    changed = bytearray(cells[0][3])
    v = (int.from_bytes(changed[:32], "big") + 1) % R
    changed[:32] = v.to_bytes(32, "big")
    ge_r = bytearray(cells[0][3])
    ge_r[32:64] = R.to_bytes(32, "big")
    t = lambda b, i: (com[b], i, proofs[b][i], cell(b, i))
    cases = [
        ("valid_duplicate_commitments", [t(0, 3), t(1, 127), t(0, 64), t(1, 0)]),
        ("empty", []),
        ("one_wrong_proof", [t(0, 7), (com[0], 8, proofs[0][9], cell(0, 8)), t(1, 9)]),
        ("swapped_proofs", [(com[0], 3, proofs[0][64], cell(0, 3)), (com[0], 64, proofs[0][3], cell(0, 64))]),
        ("changed_element", [(com[0], 3, proofs[0][3], cell(0, 3, "b0c3_changed", bytes(changed))), t(1, 0)]),
        ("wrong_index", [(com[0], 4, proofs[0][3], cell(0, 3))]),
        ("wrong_commitment", [(com[1], 3, proofs[0][3], cell(0, 3))]),
        ("repeated_cell", [t(0, 3), t(0, 3)]),
        ("index_128", [(com[0], 128, proofs[0][3], cell(0, 3))]),
        ("element_equal_r", [(com[0], 3, proofs[0][3], cell(0, 3, "b0c3_ge_r", bytes(ge_r)))]),
        ("commitment_bad_flags", [(BAD_FLAGS, 3, proofs[0][3], cell(0, 3))]),
        ("proof_off_curve", [(com[0], 3, OFF_CURVE, cell(0, 3))]),
        ("commitment_not_in_subgroup", [(NOT_IN_SUBGROUP, 3, proofs[0][3], cell(0, 3))]),
        ("identity_proof", [(com[0], 3, IDENTITY, cell(0, 3))]),
    ]
    lines = ["# verify_cell_kzg_proof_batch known answers: tools/gen_verify_cell_vectors.py (PyPI ckzg 2.1.8)."]
    body = []
    for name, items in cases:
        cs = [c for c, i, p, k in items]
        idx = [i for c, i, p, k in items]
        cl = [defs[k] for c, i, p, k in items]
        ps = [p for c, i, p, k in items]
        try:
            verdict = "true" if ckzg.verify_cell_kzg_proof_batch(cs, idx, cl, ps, ts) else "false"
        except Exception:
            verdict = "badargs"
        body.append("case %s %d" % (name, len(items)))
        for c, i, p, k in items:
            body.append("cell %s %d %s %s" % (c.hex(), i, p.hex(), k))
        body += ["expect " + verdict, "end"]
    for k in sorted(defs):
        lines.append("cell_def %s %s" % (k, defs[k].hex()))
    text = "\n".join(lines + body) + "\n"
    return write_or_check_text(OUT, text, args.check)


if __name__ == "__main__":
    sys.exit(main())
