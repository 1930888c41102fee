#!/usr/bin/env python3
"""Known answers of recover_cells_and_kzg_proofs from PyPI ckzg 2.1.8 (c-kzg-4844 on blst),
for crypto/kzg/vectors/recover_cells_and_kzg_proofs/cases.txt. Out of the test path: run by
hand on a development machine (about a minute), the output is committed as data.

A case's input cells are either stored in full (cells of a real blob: a consistent input)
or derived from a seed by SHA-256 (random elements below 2^254: an input no blob has, on
which the recovery's every step must still be c-kzg's exactly), so that the file stays
small; its answer is c-kzg's error, or the SHA-256 of the 128 recovered cells and of the
128 proofs (each concatenated in index order) and the first proof in full.

    python3 tools/gen_kzg_api_vectors.py > crypto/kzg/vectors/recover_cells_and_kzg_proofs/cases.txt
"""
import datetime
import hashlib
import os
import platform
import random
import sys

import ckzg

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
CELLS = 128
ELEMS = 64
HERE = os.path.dirname(os.path.abspath(__file__))
SETUP = os.path.join(HERE, "..", "crypto", "kzg", "trusted_setup.txt")


def seeded_element(seed, k, j):
    """Element j of input cell k of a seeded case: SHA-256(seed || k || j), top two bits
    cleared (below 2^254 < r). The C test derives the same."""
    d = bytearray(hashlib.sha256(seed.encode() + k.to_bytes(4, "big") + j.to_bytes(4, "big")).digest())
    d[0] &= 0x3F
    return bytes(d)


def seeded_cells(seed, n):
    return [b"".join(seeded_element(seed, k, j) for j in range(ELEMS)) for k in range(n)]


def answer(ts, indices, cells):
    try:
        rc, rp = ckzg.recover_cells_and_kzg_proofs(indices, cells, ts)
    except RuntimeError:
        return "expect error"
    return "expect ok %s %s %s" % (
        hashlib.sha256(b"".join(rc)).hexdigest(),
        hashlib.sha256(b"".join(rp)).hexdigest(),
        rp[0].hex(),
    )


def with_sets(cells, sets):
    cells = [bytearray(c) for c in cells]
    for k, j, value in sets:
        cells[k][32 * j : 32 * j + 32] = value
    return [bytes(c) for c in cells]


def emit(out, ts, name, indices, cells, seed=None, sets=()):
    out.write("case %s %d %s\n" % (name, len(indices), seed or "-"))
    out.write("indices %s\n" % (",".join(str(i) for i in indices) if indices else "-"))
    if seed is None:
        for c in cells:
            out.write("cell %s\n" % c.hex())
    for k, j, value in sets:
        out.write("set %d %d %s\n" % (k, j, value.hex()))
    out.write(answer(ts, indices, with_sets(cells, sets)) + "\n")


def main():
    rng = random.Random(4976)
    ts = ckzg.load_trusted_setup(SETUP, 0)
    out = sys.stdout
    out.write("# gpucheck KZG known answers: recover_cells_and_kzg_proofs (EIP-7594)\n")
    out.write("# generator: tools/gen_kzg_api_vectors.py (ckzg %s, Python %s)\n"
              % (getattr(ckzg, "__version__", "2.1.8"), platform.python_version()))
    out.write("# date: %s\n" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
    out.write("# case NAME N_CELLS SEED|-; indices; cell HEX (stored inputs only); set K J HEX (input\n")
    out.write("# cell K's element J replaced); expect error | expect ok SHA256(cells) SHA256(proofs) PROOF0\n")

    # Real blobs: the recovered cells are the blob's own.
    for name, idx in [("blob_even_half", list(range(0, CELLS, 2))), ("blob_upper_half", list(range(64, CELLS)))]:
        blob = b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(4096))
        cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, ts)
        given = [cells[i] for i in idx]
        emit(out, ts, name, idx, given)
        rc, rp = ckzg.recover_cells_and_kzg_proofs(idx, given, ts)
        assert list(rc) == list(cells) and list(rp) == list(proofs)

    def pick(n):
        return sorted(rng.sample(range(CELLS), n))

    valid = [("random_64", pick(64)), ("random_65", pick(65)), ("random_100", pick(100)),
             ("random_127", pick(127)), ("all_128", list(range(CELLS))), ("lower_64", list(range(64)))]
    for name, idx in valid:
        emit(out, ts, name, idx, seeded_cells(name, len(idx)), seed=name)

    base = pick(64)
    r_bytes = R.to_bytes(32, "big")
    errors = [
        ("too_few_63", pick(63), ()),
        ("none_0", [], ()),
        ("duplicate", sorted(base[:63] + [base[10]]), ()),
        ("unsorted", base[:5] + [base[6], base[5]] + base[7:], ()),
        ("index_128", base[:63] + [128], ()),
        ("index_huge", base[:63] + [2**63 + 5], ()),
        ("too_many_129", list(range(CELLS)) + [127], ()),
        ("element_r", base, ((17, 33, r_bytes),)),
        ("element_ff", base, ((63, 63, b"\xff" * 32),)),
        ("element_r_all_128", list(range(CELLS)), ((127, 0, r_bytes),)),
    ]
    for name, idx, sets in errors:
        emit(out, ts, name, idx, seeded_cells(name, len(idx)), seed=name, sets=sets)
    # The largest element below r is an element: answered.
    emit(out, ts, "element_r_minus_1", base, seeded_cells("element_r_minus_1", 64), seed="element_r_minus_1",
         sets=((0, 0, (R - 1).to_bytes(32, "big")),))


if __name__ == "__main__":
    main()
