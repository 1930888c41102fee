#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the BLS12-381 pairing known answers for gpucheck, from py_ecc and arkworks.

Two implementations that are not ours: PyPI's py_ecc (optimized_bls12_381: FQ12 arithmetic,
miller_loop, final_exponentiate, pairing) gives every value; PyPI's py-arkworks-bls12381
(Rust arkworks through bindings) recomputes the pairings, their products and the pairing
checks, and the generator stops when the two disagree.

Representations. gpucheck's Fp12 is the tower Fp2 = Fp[u]/(u^2 + 1), Fp6 = Fp2[v]/(v^3 - xi),
xi = u + 1, Fp12 = Fp6[w]/(w^2 - v) (arkworks' tower too); py_ecc's FQ12 is Fp[W]/(W^12 -
2 W^6 + 2). With W = w both sides agree: W^6 = xi (w^6 = v^3 = xi), and u = W^6 - 1
satisfies u^2 = W^12 - 2 W^6 + 1 = -1; py_ecc's twist uses the same untwisting
(x', y') -> (x' / W^2, y' / W^3). So an element sum_k (a_k + b_k u) w^k has py_ecc
coefficients W^k: a_k - b_k and W^(k+6): b_k (to_pyecc, from_pyecc below).

Pairing convention. gpucheck (and arkworks) compute e(P, Q) = f_{x,Q}(P)^(3 (p^12-1)/r) with
x = -0xd201000000010000 (the loop over |x| then a conjugate; the hard part's factor 3);
py_ecc loops over |x| and raises to the exact (p^12 - 1)/r. So e_gc = e_pyecc^(-3), and
final_exp_gc(f) = final_exponentiate_pyecc(f)^3; both relations are asserted here against
arkworks.

Output, one X-macro call per vector, in crypto/bls12_381/vectors/ (an Fp12 as 576 bytes:
its twelve Fp coefficients in struct order c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1,
48 bytes big-endian each; an Fp6 as the first 288 of those; points compressed):
    fp12.inc     GC_BLS_FP12(a, b, a*b, a^2, 1/a, a^p, a^(p^2), a^(p^3))
                 GC_BLS_FP6(a, b, a*b, a^2, 1/a)
    pairing.inc  GC_BLS_PAIRING(P, Q, e(P, Q))
                 GC_BLS_FINAL_EXP(f, final_exp(f))         f: random, and py_ecc Miller outputs
                 GC_BLS_PAIRING_CHECK(n, "P_1..P_n", "Q_1..Q_n", valid)
This script is not in the test path; the tests #include its output.

Rerun (from the repository root):
    pip install py_ecc==8.0.0 py-arkworks-bls12381==0.5.0
    python3 tools/gen_pairing_vectors.py            # rewrites the files above (about a minute)
    python3 tools/gen_pairing_vectors.py --check    # regenerates and compares, exit 1 on drift
"""
import argparse
import os
import random
import sys

import py_arkworks_bls12381 as ark
from py_ecc.optimized_bls12_381 import (FQ12, G1, G2, Z1, Z2, curve_order, field_modulus,
                                        final_exponentiate, multiply, neg, pairing)
from py_ecc.optimized_bls12_381.optimized_pairing import miller_loop
from vectors_common import c_string as q, g1_hex, g2_hex, write_inc

P = field_modulus
R = curve_order
SEED = 0x0B15383
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "bls12_381", "vectors")
try:
    from importlib.metadata import version as _pkg_version
    VERSIONS = "py_ecc %s, py-arkworks-bls12381 %s" % (_pkg_version("py_ecc"), _pkg_version("py-arkworks-bls12381"))
except Exception:  # pragma: no cover
    VERSIONS = "py_ecc, py-arkworks-bls12381"

# struct order of the Fp2 coefficients (c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2) -> power of w
W_POWER = [0, 2, 4, 1, 3, 5]


def write(name, header, lines, check):
    """Writes (or with `check` compares) OUT_DIR/name."""
    return write_inc(os.path.join(OUT_DIR, name), "gen_pairing_vectors.py", VERSIONS, SEED,
                     header, lines, check)


def to_pyecc(vals):
    """Twelve Fp values in struct order -> py_ecc FQ12."""
    co = [0] * 12
    for t, k in enumerate(W_POWER):
        a, b = vals[2 * t], vals[2 * t + 1]
        co[k] = (a - b) % P
        co[k + 6] = b
    return FQ12(co)


def from_pyecc(x):
    co = [int(c) % P for c in x.coeffs]
    vals = []
    for k in W_POWER:
        b = co[k + 6]
        vals += [(co[k] + b) % P, b]
    return vals


def hex_vals(vals):
    return "".join(v.to_bytes(48, "big").hex() for v in vals)


def fp12_hex(x):
    return hex_vals(from_pyecc(x))


def fp6_hex(x):
    vals = from_pyecc(x)
    assert all(v == 0 for v in vals[6:]), "not in Fp6"
    return hex_vals(vals[:6])


def ark_gt(e):
    """arkworks' GT serialization (c0 then c1 down to Fp, 48 bytes little-endian) -> FQ12."""
    b = bytes.fromhex(str(e))
    assert len(b) == 576
    return to_pyecc([int.from_bytes(b[48 * i:48 * i + 48], "little") for i in range(12)])


def ark_g1(pt):
    return ark.G1Point.from_compressed_bytes(bytes.fromhex(g1_hex(pt)))


def ark_g2(pt):
    return ark.G2Point.from_compressed_bytes(bytes.fromhex(g2_hex(pt)))


def e_gc(p1, q2):
    """gpucheck's pairing value from py_ecc's, asserted equal to arkworks'."""
    v = pairing(q2, p1).inv() ** 3
    assert ark_gt(ark.GT.pairing(ark_g1(p1), ark_g2(q2))) == v, "py_ecc and arkworks disagree"
    return v


def rand_fp12(rng, fp6=False):
    vals = [rng.randrange(P) for _ in range(12)]
    if fp6:
        vals[6:] = [0] * 6
    return to_pyecc(vals)


def tower_vectors(rng):
    lines = []
    one = FQ12.one()
    edge = to_pyecc([P - 1] * 12)
    pairs = [(one, rand_fp12(rng)), (edge, edge), (rand_fp12(rng), rand_fp12(rng))]
    # arkworks cross-check of the product and the representation: GT values multiplied both ways
    ea = ark.GT.pairing(ark.G1Point(), ark.G2Point())
    eb = ark.GT.pairing(ark.G1Point() * ark.Scalar(7), ark.G2Point())
    assert ark_gt(ea * eb) == ark_gt(ea) * ark_gt(eb), "Fp12 product: py_ecc and arkworks disagree"
    pairs.append((ark_gt(ea), ark_gt(eb)))
    for a, b in pairs:
        frob = [a ** (P ** j) for j in (1, 2, 3)]
        lines.append("GC_BLS_FP12(%s)" % ", ".join(q(fp12_hex(x)) for x in [a, b, a * b, a * a, a.inv()] + frob))
    for _ in range(3):
        a, b = rand_fp12(rng, True), rand_fp12(rng, True)
        lines.append("GC_BLS_FP6(%s)" % ", ".join(q(fp6_hex(x)) for x in [a, b, a * b, a * a, a.inv()]))
    return lines


def pairing_vectors(rng):
    lines = []
    pts = [(G1, G2)] + [(multiply(G1, rng.randrange(1, R)), multiply(G2, rng.randrange(1, R))) for _ in range(3)]
    for p1, q2 in pts:
        lines.append("GC_BLS_PAIRING(%s, %s, %s)" % (q(g1_hex(p1)), q(g2_hex(q2)), q(fp12_hex(e_gc(p1, q2)))))
    # bilinearity: e(aP, bQ) = e(abP, Q) = e(P, Q)^(ab), through both libraries
    a, b = rng.randrange(1, R), rng.randrange(1, R)
    e1 = e_gc(multiply(G1, a), multiply(G2, b))
    assert e1 == e_gc(multiply(G1, a * b % R), G2) == e_gc(G1, G2) ** (a * b % R), "bilinearity"
    lines.append("GC_BLS_PAIRING(%s, %s, %s)" % (q(g1_hex(multiply(G1, a))), q(g2_hex(multiply(G2, b))), q(fp12_hex(e1))))
    lines.append("GC_BLS_PAIRING(%s, %s, %s)" % (q(g1_hex(multiply(G1, a * b % R))), q(g2_hex(G2)), q(fp12_hex(e1))))
    # final exponentiation of random elements and of py_ecc's own Miller loop values (not in
    # the cyclotomic subgroup: the easy part at work)
    fs = [rand_fp12(rng) for _ in range(2)]
    fs.append(miller_loop(multiply(G2, 5), multiply(G1, 3), final_exponentiate=False))
    for f in fs:
        lines.append("GC_BLS_FINAL_EXP(%s, %s)" % (q(fp12_hex(f)), q(fp12_hex(final_exponentiate(f) ** 3))))
    return lines


def check_line(p1s, q2s):
    """The check's answer by py_ecc (product of pairings) and by arkworks, which must agree."""
    prod = FQ12.one()
    for p1, q2 in zip(p1s, q2s):
        prod = prod * pairing(q2, p1)
    valid = prod == FQ12.one()
    assert valid == ark.GT.pairing_check([ark_g1(p) for p in p1s], [ark_g2(x) for x in q2s]), "check disagrees"
    return "GC_BLS_PAIRING_CHECK(%d, %s, %s, %d)" % (len(p1s), q("".join(g1_hex(p) for p in p1s)),
                                                     q("".join(g2_hex(x) for x in q2s)), int(valid))


def check_vectors(rng):
    a, b = rng.randrange(1, R), rng.randrange(1, R)
    aP, bQ = multiply(G1, a), multiply(G2, b)
    cases = [
        ([aP, neg(multiply(G1, a * b % R))], [bQ, G2]),              # e(aP, bQ) e(-abP, Q) = 1
        ([aP, neg(multiply(G1, (a * b + 1) % R))], [bQ, G2]),        # off by one: invalid
        ([aP], [bQ]),                                                # one pairing alone: invalid
        ([Z1, aP], [bQ, Z2]),                                        # infinities contribute 1: valid
        ([G1, neg(G1)], [bQ, bQ]),                                   # e(P, Q) e(-P, Q) = 1
    ]
    ks = [rng.randrange(1, R) for _ in range(5)]
    s = sum(k * (i + 2) for i, k in enumerate(ks)) % R
    p1s = [multiply(G1, k) for k in ks] + [neg(multiply(G1, s))]
    q2s = [multiply(G2, i + 2) for i in range(5)] + [G2]
    cases.append((p1s, q2s))                                         # six pairs (two chunks): valid
    cases.append((p1s[:5] + [neg(multiply(G1, s + 1))], q2s))        # six pairs, last off: invalid
    return [check_line(p1s, q2s) for p1s, q2s in cases]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args()
    rng = random.Random(SEED)
    ok = write("fp12.inc", "Fp6 and Fp12 arithmetic: GC_BLS_FP12(a, b, a*b, a^2, 1/a, a^p, a^(p^2), a^(p^3)), "
               "GC_BLS_FP6(a, b, a*b, a^2, 1/a)", tower_vectors(rng), args.check)
    lines = pairing_vectors(rng) + check_vectors(rng)
    ok &= write("pairing.inc", "Pairings: GC_BLS_PAIRING(P, Q, e), GC_BLS_FINAL_EXP(f, f^(3 (p^12-1)/r)), "
                "GC_BLS_PAIRING_CHECK(n, Ps, Qs, valid)", lines, args.check)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
