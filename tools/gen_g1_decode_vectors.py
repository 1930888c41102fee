#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the known answers of batched G1 decoding (crypto/kzg/verify/g1_decode.gc).

Each 48-byte encoding is labelled twice, by implementations that are not gpucheck's:
PyPI ckzg 2.1.8 (c-kzg-4844 on blst) says whether it accepts it as a commitment
(verify_kzg_proof raises on C_KZG_BADARGS), and py_ecc classifies why not (flags, x >= p,
x^3 + 4 not a square, not in the subgroup); the script stops where the two disagree on
acceptance. Output: crypto/kzg/vectors/g1_decode.txt (format in crypto/kzg/vectors/README.md).
Not in the test path.

Rerun (from the repository root):
    pip install ckzg==2.1.8 py_ecc==8.0.0
    python3 tools/gen_g1_decode_vectors.py [--check]
"""
import argparse
import os
import sys

import ckzg
from py_ecc.bls.point_compression import compress_G1
from py_ecc.optimized_bls12_381 import FQ, G1, Z1, curve_order, field_modulus, is_inf, multiply
from vectors_common import write_or_check_text

P, R = field_modulus, curve_order
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "crypto", "kzg", "vectors", "g1_decode.txt")
SETUP = os.path.join(HERE, "..", "crypto", "kzg", "trusted_setup.txt")
OK, FLAGS, X_RANGE, NOT_ON_CURVE, NOT_IN_SUBGROUP = range(5)  # GC_G1_OK, GC_G1_ERR_*
IDENTITY = bytes([0xC0]) + bytes(47)


def sqrt_fp(a):
    y = pow(a, (P + 1) // 4, P)
    return y if y * y % P == a % P else None


def classify(enc):
    """py_ecc's reading of the ZCash rules c-kzg applies through blst."""
    flags = enc[0] & 0xE0
    if not flags & 0x80:
        return FLAGS
    if flags & 0x40:
        return OK if (enc[0] & 0x3F) == 0 and not any(enc[1:]) else FLAGS
    x = int.from_bytes(bytes([enc[0] & 0x1F]) + enc[1:], "big")
    if x >= P:
        return X_RANGE
    y = sqrt_fp((x * x * x + 4) % P)
    if y is None:
        return NOT_ON_CURVE
    if (y > (P - 1) // 2) != bool(flags & 0x20):
        y = P - y
    pt = (FQ(x), FQ(y), FQ(1))
    return OK if is_inf(multiply(pt, R)) else NOT_IN_SUBGROUP


def ckzg_accepts(enc, ts):
    try:
        ckzg.verify_kzg_proof(enc, bytes(32), bytes(32), IDENTITY, ts)
        return True
    except Exception:  # C_KZG_BADARGS
        return False


def encodings():
    out = [("identity", IDENTITY)]
    for name, k in (("1", 1), ("2", 2), ("3", 3), ("1234567", 0x1234567), ("r_minus_1", R - 1),
                    ("half_r", (R - 1) // 2)):
        out.append(("valid_" + name, compress_G1(multiply(G1, k)).to_bytes(48, "big")))
    g = bytearray(compress_G1(G1).to_bytes(48, "big"))
    out.append(("no_compression_flag", bytes([g[0] & 0x7F]) + bytes(g[1:])))
    out.append(("infinity_with_sign", bytes([0xE0]) + bytes(47)))
    out.append(("infinity_with_x", bytes([0xC0]) + bytes(46) + b"\x01"))
    out.append(("infinity_low_bits", bytes([0xC1]) + bytes(47)))
    out.append(("infinity_without_compression", bytes([0x40]) + bytes(47)))
    out.append(("zero_bytes", bytes(48)))
    for d in (0, 1, 2):
        x = (P + d).to_bytes(48, "big")
        out.append(("x_is_p_plus_%d" % d, bytes([x[0] | 0x80]) + x[1:]))
    out.append(("x_all_ones", bytes([0x9F]) + b"\xff" * 47))
    found_off, found_out = 0, 0
    x = 1
    while found_off < 3 or found_out < 3:
        rhs = (x * x * x + 4) % P
        be = x.to_bytes(48, "big")
        if sqrt_fp(rhs) is None and found_off < 3:
            out.append(("off_curve_x%d" % x, bytes([be[0] | 0x80]) + be[1:]))
            found_off += 1
        elif sqrt_fp(rhs) is not None and found_out < 3:
            for sign in (0, 0x20):
                enc = bytes([be[0] | 0x80 | sign]) + be[1:]
                if classify(enc) == NOT_IN_SUBGROUP:
                    out.append(("not_in_subgroup_x%d%s" % (x, "_neg" if sign else ""), enc))
            found_out += 1
        x += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ts = ckzg.load_trusted_setup(SETUP, 0)
    lines = ["# G1 decoding known answers: tools/gen_g1_decode_vectors.py (ckzg 2.1.8 accepts or refuses,",
             "# py_ecc 8.0.0 classifies: 0 ok, 1 flags, 2 x >= p, 3 not on the curve, 4 not in the subgroup).",
             "# encoding <name> <96 hex> <ckzg: ok|badargs> <kind>"]
    for name, enc in encodings():
        kind = classify(enc)
        acc = ckzg_accepts(enc, ts)
        if acc != (kind == OK):
            sys.exit("ckzg and py_ecc disagree on %s" % name)
        lines.append("encoding %s %s %s %d" % (name, enc.hex(), "ok" if acc else "badargs", kind))
    text = "\n".join(lines) + "\n"
    return write_or_check_text(OUT, text, args.check)


if __name__ == "__main__":
    sys.exit(main())
