#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Known answers of EIP-4844's verify_kzg_proof, verify_blob_kzg_proof and
verify_blob_kzg_proof_batch from PyPI ckzg 2.1.8 (c-kzg-4844 on blst), for
crypto/kzg/vectors/<call>/cases.txt. Out of the test path: run by hand on a development
machine (a few seconds), the output is committed as data.

Blobs come from seeds as in gen_kzg_api_vectors.py (element i = SHA-256(seed || i), top
two bits cleared; "zero" the blob of zeros; "const" every element 5), with `set` lines
replacing elements. Every answer is ckzg's: true, false, or error (its C_KZG_BADARGS).

    python3 tools/gen_kzg_verify_vectors.py kzg_proof > crypto/kzg/vectors/verify_kzg_proof/cases.txt
    python3 tools/gen_kzg_verify_vectors.py blob_proof > crypto/kzg/vectors/verify_blob_kzg_proof/cases.txt
    python3 tools/gen_kzg_verify_vectors.py blob_batch > crypto/kzg/vectors/verify_blob_kzg_proof_batch/cases.txt
"""
import random
import sys

import ckzg

from gen_kzg_api_vectors import R, SETUP, header, root_of_unity_4096, seeded_blob, with_elements

P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
IDENTITY = bytes([0xC0]) + bytes(47)
G1 = bytes.fromhex("97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")
NOT_IN_SUBGROUP = bytes([0x80]) + bytes(47)  # (0, 2) is on the curve, outside the subgroup
X_IS_P = (P | (0x80 << 376)).to_bytes(48, "big")
INFINITY_WITH_BITS = bytes([0xC0]) + bytes(46) + b"\x01"


def blob_of(seed):
    if seed == "const":
        return b"".join((5).to_bytes(32, "big") for _ in range(4096))
    return seeded_blob(seed)


def verdict(fn, *args):
    try:
        return "true" if fn(*args) else "false"
    except RuntimeError:
        return "error"


def off_curve(ts, valid):
    """A change of valid's last byte that leaves the curve (ckzg refuses it)."""
    for last in range(256):
        cand = valid[:-1] + bytes([last])
        try:
            ckzg.verify_kzg_proof(cand, bytes(32), bytes(32), IDENTITY, ts)
        except RuntimeError:
            return cand
    raise SystemExit("no off-curve encoding found")


def flip_sign(enc):
    return bytes([enc[0] ^ 0x20]) + enc[1:]


def kzg_proof_cases(ts, out):
    header(out, "verify_kzg_proof (EIP-4844)")
    out.write("# case NAME COMMITMENT Z Y PROOF; expect true | false | error\n")
    rng = random.Random(48441)
    blob = blob_of("a")
    cm = bytes(ckzg.blob_to_kzg_commitment(blob, ts))
    z = rng.randrange(R).to_bytes(32, "big")
    proof, y = (bytes(x) for x in ckzg.compute_kzg_proof(blob, z, ts))
    zd = root_of_unity_4096(9).to_bytes(32, "big")
    proof_d, y_d = (bytes(x) for x in ckzg.compute_kzg_proof(blob, zd, ts))
    other = bytes(ckzg.blob_to_kzg_commitment(blob_of("b"), ts))
    proof_b, y_b = (bytes(x) for x in ckzg.compute_kzg_proof(blob_of("b"), z, ts))
    const_cm = bytes(ckzg.blob_to_kzg_commitment(blob_of("const"), ts))
    y_plus = ((int.from_bytes(y, "big") + 1) % R).to_bytes(32, "big")
    z_plus = ((int.from_bytes(z, "big") + 1) % R).to_bytes(32, "big")
    r_bytes, ff = R.to_bytes(32, "big"), b"\xff" * 32
    cases = [
        ("valid_random_z", cm, z, y, proof),
        ("valid_z_in_domain", cm, zd, y_d, proof_d),
        ("valid_other_blob", other, z, y_b, proof_b),
        ("valid_zero_blob", IDENTITY, z, bytes(32), IDENTITY),
        ("valid_constant_blob", const_cm, z, (5).to_bytes(32, "big"), IDENTITY),
        ("wrong_y", cm, z, y_plus, proof),
        ("wrong_z", cm, z_plus, y, proof),
        ("wrong_proof", cm, z, y, proof_b),
        ("wrong_commitment", other, z, y, proof),
        ("swapped_commitment_proof", proof, z, y, cm),
        ("identity_proof", cm, z, y, IDENTITY),
        ("generator_proof", cm, z, y, G1),
        ("proof_sign_flipped", cm, z, y, flip_sign(proof)),
        ("constant_blob_wrong_y", const_cm, z, (6).to_bytes(32, "big"), IDENTITY),
        ("z_is_r", cm, r_bytes, y, proof),
        ("y_is_r", cm, z, r_bytes, proof),
        ("y_all_ones", cm, z, ff, proof),
        ("commitment_off_curve", off_curve(ts, cm), z, y, proof),
        ("commitment_not_in_subgroup", NOT_IN_SUBGROUP, z, y, proof),
        ("proof_x_is_p", cm, z, y, X_IS_P),
        ("proof_infinity_with_bits", cm, z, y, INFINITY_WITH_BITS),
        ("proof_no_compression_bit", cm, z, y, bytes([proof[0] & 0x7F]) + proof[1:]),
    ]
    for name, c, zz, yy, pp in cases:
        out.write("case %s %s %s %s %s\n" % (name, c.hex(), zz.hex(), yy.hex(), pp.hex()))
        out.write("expect %s\n" % verdict(ckzg.verify_kzg_proof, c, zz, yy, pp, ts))


def blob_proof_cases(ts, out):
    header(out, "verify_blob_kzg_proof (EIP-4844)")
    out.write("# case NAME SEED COMMITMENT PROOF; set I HEX (blob element I replaced); expect true | false | error\n")
    cm = lambda s: bytes(ckzg.blob_to_kzg_commitment(blob_of(s), ts))
    pf = lambda s: bytes(ckzg.compute_blob_kzg_proof(blob_of(s), cm(s), ts))
    r_bytes = R.to_bytes(32, "big")
    cases = [
        ("valid_0", "m", cm("m"), pf("m"), ()),
        ("valid_1", "n", cm("n"), pf("n"), ()),
        ("valid_zero_blob", "zero", IDENTITY, IDENTITY, ()),
        ("valid_constant_blob", "const", cm("const"), pf("const"), ()),
        ("wrong_proof", "m", cm("m"), pf("n"), ()),
        ("wrong_commitment", "m", cm("n"), pf("m"), ()),
        ("other_blob", "n", cm("m"), pf("m"), ()),
        ("identity_proof", "m", cm("m"), IDENTITY, ()),
        ("changed_element", "m", cm("m"), pf("m"), ((17, (1234).to_bytes(32, "big")),)),
        ("proof_sign_flipped", "m", cm("m"), flip_sign(pf("m")), ()),
        ("element_r", "m", cm("m"), pf("m"), ((7, r_bytes),)),
        ("element_r_minus_1", "m", cm("m"), pf("m"), ((4095, (R - 1).to_bytes(32, "big")),)),
        ("commitment_off_curve", "m", off_curve(ts, cm("m")), pf("m"), ()),
        ("commitment_not_in_subgroup", "m", NOT_IN_SUBGROUP, pf("m"), ()),
        ("proof_not_in_subgroup", "m", cm("m"), NOT_IN_SUBGROUP, ()),
        ("proof_x_is_p", "m", cm("m"), X_IS_P, ()),
        ("commitment_infinity_with_bits", "m", INFINITY_WITH_BITS, pf("m"), ()),
    ]
    for name, seed, c, p, sets in cases:
        out.write("case %s %s %s %s\n" % (name, seed, c.hex(), p.hex()))
        for i, v in sets:
            out.write("set %d %s\n" % (i, v.hex()))
        out.write("expect %s\n" % verdict(ckzg.verify_blob_kzg_proof, with_elements(blob_of(seed), sets), c, p, ts))


def blob_batch_cases(ts, out):
    header(out, "verify_blob_kzg_proof_batch (EIP-4844)")
    out.write("# case NAME N; item SEED COMMITMENT PROOF (N of them); set K I HEX (item K's element I\n")
    out.write("# replaced); expect true | false | error\n")
    cm = lambda s: bytes(ckzg.blob_to_kzg_commitment(blob_of(s), ts))
    pf = lambda s: bytes(ckzg.compute_blob_kzg_proof(blob_of(s), cm(s), ts))
    good = lambda s: (s, cm(s), pf(s))
    seeds = ["b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7"]
    r_bytes = R.to_bytes(32, "big")
    cases = [
        ("empty", [], ()),
        ("one_valid", [good("b0")], ()),
        ("one_wrong_proof", [("b0", cm("b0"), pf("b1"))], ()),
        ("three_valid", [good(s) for s in seeds[:3]], ()),
        ("eight_valid", [good(s) for s in seeds], ()),
        ("zero_and_constant", [good("zero"), good("const"), good("b2")], ()),
        ("duplicate_items", [good("b0"), good("b0"), good("b1")], ()),
        ("one_wrong_proof_of_three", [good("b0"), ("b1", cm("b1"), pf("b2")), good("b2")], ()),
        ("proofs_swapped", [("b0", cm("b0"), pf("b1")), ("b1", cm("b1"), pf("b0"))], ()),
        ("changed_element", [good("b0"), good("b1")], ((1, 100, (7).to_bytes(32, "big")),)),
        ("element_r", [good("b0"), good("b1"), good("b2")], ((2, 0, r_bytes),)),
        ("commitment_not_in_subgroup", [good("b0"), ("b1", NOT_IN_SUBGROUP, pf("b1"))], ()),
        ("proof_x_is_p", [good("b0"), ("b1", cm("b1"), X_IS_P)], ()),
        ("one_element_r", [good("b0")], ((0, 5, r_bytes),)),
    ]
    for name, items, sets in cases:
        out.write("case %s %d\n" % (name, len(items)))
        blobs = [blob_of(s) for s, _, _ in items]
        for s, c, p in items:
            out.write("item %s %s %s\n" % (s, c.hex(), p.hex()))
        for k, i, v in sets:
            out.write("set %d %d %s\n" % (k, i, v.hex()))
            blobs[k] = with_elements(blobs[k], ((i, v),))
        out.write("expect %s\n" % verdict(ckzg.verify_blob_kzg_proof_batch, b"".join(blobs),
                                          b"".join(c for _, c, _ in items), b"".join(p for _, _, p in items), ts))


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    fns = {"kzg_proof": kzg_proof_cases, "blob_proof": blob_proof_cases, "blob_batch": blob_batch_cases}
    if what not in fns:
        sys.exit("usage: gen_kzg_verify_vectors.py kzg_proof|blob_proof|blob_batch")
    fns[what](ckzg.load_trusted_setup(SETUP, 0), sys.stdout)


if __name__ == "__main__":
    main()
