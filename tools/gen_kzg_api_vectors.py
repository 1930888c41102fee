#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers of recover_cells_and_kzg_proofs, compute_kzg_proof and compute_blob_kzg_proof
from PyPI ckzg 2.1.8 (c-kzg-4844 on blst), for crypto/kzg/vectors/<call>/cases.txt. Out of the
test path: run by hand on a development machine (about a minute), the output is committed
as data.

Recovery:
A case's input cells are either stored in full (cells of a real blob: a consistent input)
or derived from a seed by SHA-256 (random elements below 2^254: an input no blob has, on
which the recovery's every step must still be c-kzg's exactly), so that the file stays
small; its answer is c-kzg's error, or the SHA-256 of the 128 recovered cells and of the
128 proofs (each concatenated in index order) and the first proof in full.

EIP-4844: a case's blob is derived from a seed (element i = SHA-256(seed || i), top two bits
cleared), with the elements a `set` line names replaced; the answer is c-kzg's error, or its
proof (and y).

    python3 tools/gen_kzg_api_vectors.py recover > crypto/kzg/vectors/recover_cells_and_kzg_proofs/cases.txt
    python3 tools/gen_kzg_api_vectors.py kzg_proof > crypto/kzg/vectors/compute_kzg_proof/cases.txt
    python3 tools/gen_kzg_api_vectors.py blob_proof > crypto/kzg/vectors/compute_blob_kzg_proof/cases.txt
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


def header(out, what):
    out.write("# gpucheck KZG known answers: %s\n" % what)
    out.write("# generator: tools/gen_kzg_api_vectors.py (ckzg %s, Python %s)\n"
              % (getattr(ckzg, "__version__", "2.1.8"), platform.python_version()))
    out.write("# date: %s\n" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))


def seeded_blob(seed):
    """Element i: SHA-256(seed || i) (i as 4 bytes big-endian), top two bits cleared; the
    seed "zero" is the blob of zeros. The C test derives the same."""
    if seed == "zero":
        return bytes(32 * 4096)
    out = bytearray()
    for i in range(4096):
        d = bytearray(hashlib.sha256(seed.encode() + i.to_bytes(4, "big")).digest())
        d[0] &= 0x3F
        out += d
    return bytes(out)


def with_elements(blob, sets):
    b = bytearray(blob)
    for i, value in sets:
        b[32 * i : 32 * i + 32] = value
    return bytes(b)


def root_of_unity_4096(k):
    w = pow(7, (R - 1) // 4096, R)
    return pow(w, k, R)


def kzg_proof_cases(ts, out):
    header(out, "compute_kzg_proof (EIP-4844)")
    out.write("# case NAME SEED Z; set I HEX (blob element I replaced); expect error | expect ok PROOF Y\n")
    rng = random.Random(4844)
    r_bytes = R.to_bytes(32, "big")
    cases = [
        ("random_z_0", "a", rng.randrange(R), ()),
        ("random_z_1", "b", rng.randrange(R), ()),
        ("z_zero", "c", 0, ()),
        ("z_one_in_domain", "d", 1, ()),
        ("z_minus_one_in_domain", "e", R - 1, ()),
        ("z_root5_in_domain", "f", root_of_unity_4096(5), ()),
        ("z_root4095_in_domain", "g", root_of_unity_4096(4095), ()),
        ("zero_blob", "zero", rng.randrange(R), ()),
        ("zero_blob_z_in_domain", "zero", root_of_unity_4096(77), ()),
        ("z_is_r", "h", R, ()),
        ("z_all_ones", "i", 2**256 - 1, ()),
        ("element_r", "j", rng.randrange(R), ((100, r_bytes),)),
        ("element_r_minus_1", "k", rng.randrange(R), ((4095, (R - 1).to_bytes(32, "big")),)),
    ]
    for name, seed, z, sets in cases:
        zb = z.to_bytes(32, "big")
        out.write("case %s %s %s\n" % (name, seed, zb.hex()))
        for i, v in sets:
            out.write("set %d %s\n" % (i, v.hex()))
        try:
            proof, y = ckzg.compute_kzg_proof(with_elements(seeded_blob(seed), sets), zb, ts)
            out.write("expect ok %s %s\n" % (proof.hex(), y.hex()))
        except RuntimeError:
            out.write("expect error\n")


def blob_proof_cases(ts, out):
    header(out, "compute_blob_kzg_proof (EIP-4844)")
    out.write("# case NAME SEED COMMITMENT; set I HEX (blob element I replaced); expect error | expect ok PROOF\n")
    p = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
    own = lambda seed: bytes(ckzg.blob_to_kzg_commitment(seeded_blob(seed), ts))
    valid = own("m")
    off_curve = None
    for last in range(256):  # a change of the last byte that leaves the curve (ckzg refuses it)
        cand = valid[:-1] + bytes([last])
        try:
            ckzg.compute_blob_kzg_proof(seeded_blob("m"), cand, ts)
        except RuntimeError:
            off_curve = cand
            break
    g1 = bytes.fromhex("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")
    cases = [
        ("valid_0", "m", valid, ()),
        ("valid_1", "n", own("n"), ()),
        ("other_blobs_commitment", "o", own("m"), ()),
        ("identity_commitment", "p", bytes([0xC0]) + bytes(47), ()),
        ("generator_commitment", "q", g1, ()),
        ("zero_blob", "zero", own("zero"), ()),
        ("off_curve", "m", off_curve, ()),
        ("not_in_subgroup", "m", bytes([0x80]) + bytes(47), ()),  # (0, 2) is on the curve
        ("x_is_p", "m", (p | (0x80 << 376)).to_bytes(48, "big"), ()),
        ("no_compression_bit", "m", bytes([valid[0] & 0x7F]) + valid[1:], ()),
        ("infinity_with_bits", "m", bytes([0xC0]) + bytes(46) + b"\x01", ()),
        ("infinity_sign_bit", "m", bytes([0xE0]) + bytes(47), ()),
        ("element_r", "m", valid, ((7, R.to_bytes(32, "big")),)),
    ]
    for name, seed, cm, sets in cases:
        out.write("case %s %s %s\n" % (name, seed, cm.hex()))
        for i, v in sets:
            out.write("set %d %s\n" % (i, v.hex()))
        try:
            proof = ckzg.compute_blob_kzg_proof(with_elements(seeded_blob(seed), sets), cm, ts)
            out.write("expect ok %s\n" % proof.hex())
        except RuntimeError:
            out.write("expect error\n")


def recover_cases(ts, out):
    rng = random.Random(4976)
    header(out, "recover_cells_and_kzg_proofs (EIP-7594)")
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


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    fns = {"recover": recover_cases, "kzg_proof": kzg_proof_cases, "blob_proof": blob_proof_cases}
    if what not in fns:
        sys.exit("usage: gen_kzg_api_vectors.py recover|kzg_proof|blob_proof")
    fns[what](ckzg.load_trusted_setup(SETUP, 0), sys.stdout)


if __name__ == "__main__":
    main()
