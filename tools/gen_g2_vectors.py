#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate Fp2/G2 known answers and invalid G1/G2 encodings for gpucheck, from py_ecc.

PyPI's py_ecc (the Ethereum Foundation's pure-Python BLS12-381) is the independent
implementation: its FQ2 arithmetic, G2 scalar multiplication and point compression give
the answers; invalid encodings (x >= p, x off the curve, points of the full curve outside
the prime-order subgroup) are made here and checked with py_ecc. Output, one X-macro call
per vector, in crypto/bls12_381/vectors/:
    fp2.inc          GC_BLS_FP2(a, b, a*b, a^2, 1/a)        96-byte encodings c1 || c0
    g2_mul.inc       GC_BLS_G2_MUL(k, [k]G2 compressed, x.c0, x.c1, y.c0, y.c1)
    bad_points.inc   GC_BLS_BAD_POINT(group, kind, encoding) compressed encodings to reject
    g1_nonmember.inc GC_BLS_G1_NONMEMBER(encoding) on the curve, outside G1 (for the
                     subgroup tests: [r]P != O and the endomorphism test must agree)
This script is not in the test path; the tests #include its output.

Rerun (from the repository root):
    pip install py_ecc==8.0.0
    python3 tools/gen_g2_vectors.py            # rewrites the files above
    python3 tools/gen_g2_vectors.py --check    # regenerates and compares, exit 1 on drift
"""
import argparse
import os
import random
import sys

from py_ecc.bls.point_compression import modular_squareroot_in_FQ2
from py_ecc.optimized_bls12_381 import (FQ, FQ2, G1, G2, b, b2, curve_order, field_modulus,
                                        is_inf, is_on_curve, multiply, normalize)
from vectors_common import c_string as q, g1_hex, g2_hex, write_inc

P = field_modulus
R = curve_order
SEED = 0x0B15382
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "bls12_381", "vectors")
try:
    from importlib.metadata import version as _pkg_version
    PY_ECC_VERSION = _pkg_version("py_ecc")
except Exception:  # pragma: no cover
    PY_ECC_VERSION = "unknown"


def write(name, header, lines, check):
    """Writes (or with `check` compares) OUT_DIR/name."""
    return write_inc(os.path.join(OUT_DIR, name), "gen_g2_vectors.py", "py_ecc " + PY_ECC_VERSION, SEED,
                     header, lines, check)


def h48(v):
    return int(v).to_bytes(48, "big").hex()


def fp2_hex(a):
    c0, c1 = a.coeffs
    return h48(c1) + h48(c0)


def fp_sqrt(a):
    s = pow(a, (P + 1) // 4, P)
    return s if s * s % P == a % P else None


def rand_fp2(rng):
    return FQ2([rng.randrange(P), rng.randrange(P)])


def fp2_vectors(rng):
    lines = []
    vals = [(FQ2([1, 0]), FQ2([0, 1])), (FQ2([P - 1, P - 1]), FQ2([P - 1, 2])),
            (FQ2([0, P - 1]), FQ2([5, 0]))]
    vals += [(rand_fp2(rng), rand_fp2(rng)) for _ in range(5)]
    for a, bb in vals:
        lines.append("GC_BLS_FP2(%s, %s, %s, %s, %s)" % (q(fp2_hex(a)), q(fp2_hex(bb)), q(fp2_hex(a * bb)),
                                                      q(fp2_hex(a * a)), q(fp2_hex(a.inv()))))
    return lines


def g2_mul(rng):
    lines = []
    scalars = [1, 2, 3, 5, 12, R - 1, R - 2, (R - 1) // 2, 1 << 128] + [rng.randrange(1, R) for _ in range(3)]
    for k in scalars:
        pt = multiply(G2, k)
        x, y = normalize(pt)
        lines.append("GC_BLS_G2_MUL(%s, %s, %s, %s, %s, %s)" % (
            q(k.to_bytes(32, "big").hex()), q(g2_hex(pt)), q(h48(x.coeffs[0])), q(h48(x.coeffs[1])),
            q(h48(y.coeffs[0])), q(h48(y.coeffs[1]))))
    return lines


def g1_curve_point(rng, want_member):
    """A point on y^2 = x^3 + 4 (random x), in G1 or (almost surely) not, as asked."""
    while True:
        x = rng.randrange(P)
        y = fp_sqrt((x ** 3 + 4) % P)
        if y is None:
            continue
        pt = (FQ(x), FQ(y), FQ(1))
        assert is_on_curve(pt, b)
        member = is_inf(multiply(pt, R))
        if member == want_member:
            return pt


def g2_curve_point(rng):
    """A point of the full twist y^2 = x^3 + 4(u+1), outside G2 (checked)."""
    while True:
        x = rand_fp2(rng)
        y = modular_squareroot_in_FQ2(x ** 3 + b2)
        if y is None:
            continue
        pt = (x, y, FQ2.one())
        assert is_on_curve(pt, b2)
        if not is_inf(multiply(pt, R)):
            return pt


def g1_off_curve_x(rng):
    while True:
        x = rng.randrange(P)
        if fp_sqrt((x ** 3 + 4) % P) is None:
            return (x | (1 << 383)).to_bytes(48, "big").hex()


def g2_off_curve_x(rng):
    while True:
        x = rand_fp2(rng)
        if modular_squareroot_in_FQ2(x ** 3 + b2) is None:
            c0, c1 = x.coeffs
            return (int(c1) | (1 << 383)).to_bytes(48, "big").hex() + h48(c0)


def bad_points(rng):
    """Encodings the setup loader must reject, by group and kind (GC_G1_ERR_* names)."""
    out = []
    flag = 1 << 383
    out.append(("1", "X_RANGE", (P | flag).to_bytes(48, "big").hex()))
    out.append(("1", "NOT_ON_CURVE", g1_off_curve_x(rng)))
    out.append(("1", "NOT_IN_SUBGROUP", g1_hex(g1_curve_point(rng, False))))
    out.append(("1", "FLAGS", "00" + g1_hex(G1)[2:]))                   # compression bit clear
    out.append(("1", "FLAGS", "c0" + "00" * 46 + "01"))                 # infinity with x bits
    out.append(("2", "X_RANGE", (P | flag).to_bytes(48, "big").hex() + "00" * 48))   # c1 = p
    out.append(("2", "X_RANGE", "80" + "00" * 47 + h48(P)))                          # c0 = p
    out.append(("2", "NOT_ON_CURVE", g2_off_curve_x(rng)))
    out.append(("2", "NOT_IN_SUBGROUP", g2_hex(g2_curve_point(rng))))
    out.append(("2", "FLAGS", "e0" + "00" * 95))                        # infinity with sign
    return ["GC_BLS_BAD_POINT(%s, %s, %s)" % (g, k, q(e)) for g, k, e in out]


def g1_nonmembers(rng):
    pts = [g1_curve_point(rng, False) for _ in range(4)]
    # (0, 2) has order 3: the smallest non-member, a cofactor-only point
    pts.append((FQ(0), FQ(2), FQ(1)))
    assert not is_inf(multiply(pts[-1], R)) and is_inf(multiply(pts[-1], 3))
    return ["GC_BLS_G1_NONMEMBER(%s)" % q(g1_hex(pt)) for pt in pts]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args()
    rng = random.Random(SEED)
    ok = True
    ok &= write("fp2.inc", "Fp2 arithmetic: GC_BLS_FP2(a, b, a*b, a^2, 1/a), 96 bytes c1 || c0 each",
                fp2_vectors(rng), args.check)
    ok &= write("g2_mul.inc", "G2 scalar multiplication: GC_BLS_G2_MUL(k, [k]G2, x.c0, x.c1, y.c0, y.c1)",
                g2_mul(rng), args.check)
    ok &= write("bad_points.inc", "Encodings to reject: GC_BLS_BAD_POINT(group, GC_G<group>_ERR_<kind>, encoding)",
                bad_points(rng), args.check)
    ok &= write("g1_nonmember.inc", "Points on the G1 curve outside G1: GC_BLS_G1_NONMEMBER(encoding)",
                g1_nonmembers(rng), args.check)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
