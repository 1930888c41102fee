#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate the known answers of the variable-base MSM (crypto/kzg/msm/pippenger.gc).

Every result comes from two implementations that are not gpucheck's: py_ecc (PyPI, pure
Python: sum of scalar multiplications) for the cases of up to 1,000 terms, and
py-arkworks-bls12381 (PyPI, arkworks' multiexp) for every case; the script stops if they
disagree. Output: crypto/kzg/vectors/msm_pippenger.txt (format in crypto/kzg/vectors/README.md).
Not in the test path.

Rerun (from the repository root):
    pip install py_ecc==8.0.0 py-arkworks-bls12381==0.5.0
    python3 tools/gen_msm_vectors.py            # rewrites the file
    python3 tools/gen_msm_vectors.py --check    # regenerates and compares, exit 1 on drift
"""
import argparse
import os
import sys

import py_arkworks_bls12381 as ark
from py_ecc.bls.point_compression import compress_G1
from py_ecc.optimized_bls12_381 import G1, Z1, add, curve_order, multiply, neg
from vectors_common import splitmix64, write_or_check_text

R = curve_order
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "kzg", "vectors",
                   "msm_pippenger.txt")
INF_HEX = "c0" + "00" * 47


def derived_scalar(seed, i):
    """Words splitmix64(seed + 5 i + 1 .. 4), most significant first, top word masked to
    62 bits (< 2^254 < r)."""
    w = [splitmix64(seed + 5 * i + 1 + j) for j in range(4)]
    w[0] &= (1 << 62) - 1
    return (w[0] << 192) | (w[1] << 128) | (w[2] << 64) | w[3]


def derived_multiplier(seed, i):
    return splitmix64(seed + 5 * i) | 1


def ark_point(k):
    """[k] G in arkworks (k an integer mod r)."""
    g = ark.G1Point()
    return g * ark.Scalar(k % R) if k % R else ark.G1Point.identity()


def ark_msm(mults, scalars):
    pts = [ark_point(m) for m in mults]
    ss = [ark.Scalar(s) for s in scalars]
    return bytes(ark.G1Point.multiexp_unchecked(pts, ss).to_compressed_bytes()).hex()


def pyecc_msm(mults, scalars):
    acc = Z1
    for m, s in zip(mults, scalars):
        acc = add(acc, multiply(multiply(G1, m % R) if m % R else Z1, s))
    return compress_G1(acc).to_bytes(48, "big").hex()


def pyecc_point_hex(m):
    return compress_G1(multiply(G1, m % R) if m % R else Z1).to_bytes(48, "big").hex()


def explicit_cases(seed):
    """(name, multipliers, scalars): the points are [m] G (m = 0: infinity)."""
    t = lambda i: derived_multiplier(seed, i)
    s = lambda i: derived_scalar(seed, i)
    cases = []
    for n in (1, 2, 7, 64):
        cases.append(("random_%d" % n, [t(n * 100 + i) for i in range(n)], [s(n * 100 + i) for i in range(n)]))
    cases.append(("zero_scalars", [t(i) for i in range(8)], [0] * 8))
    cases.append(("some_zero_scalars", [t(10 + i) for i in range(8)], [0 if i % 3 == 0 else s(10 + i) for i in range(8)]))
    cases.append(("infinity_points", [0 if i % 2 else t(20 + i) for i in range(8)], [s(20 + i) for i in range(8)]))
    cases.append(("all_infinity", [0] * 4, [s(30 + i) for i in range(4)]))
    p = t(40)
    cases.append(("equal_points", [p] * 8, [s(40), s(40), s(41), 1, R - 1, s(42), 2, s(43)]))
    cases.append(("point_and_negation", [p, R - p, t(41), R - t(41)], [s(44), s(44), 5, 5]))
    cases.append(("scalar_r_minus_1", [t(50 + i) for i in range(6)], [R - 1, R - 1, R - 2, 1, (R - 1) // 2, R - 1]))
    digits = [int("88" * 31 + "08", 16) % R, int("77" * 32, 16) % R, (1 << 254) - 1, 1 << 254, 1 << 128,
              (1 << 128) - 1, 0x8000, 0xffff, 1 << 16, int("f0" * 32, 16) % R]
    cases.append(("digit_patterns", [t(60 + i) for i in range(len(digits))], digits))
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed file")
    args = ap.parse_args()
    seed = 0x4D534D00
    out = ["# MSM known answers: tools/gen_msm_vectors.py (py_ecc 8.0.0 and py-arkworks-bls12381 0.5.0 agree",
           "# on every case; the sequential cases' answers are [sum (i + 1) s_i] G, at 2^12 also arkworks' multiexp)."]
    for name, mults, scalars in explicit_cases(seed):
        res = ark_msm(mults, scalars)
        ref = pyecc_msm(mults, scalars)
        if res != ref:
            sys.exit("py_ecc and arkworks disagree on %s" % name)
        out.append("case %s %d" % (name, len(mults)))
        for m, s in zip(mults, scalars):
            out.append("term %s %064x" % (pyecc_point_hex(m) if m % R else INF_HEX, s))
        out.append("result " + res)
        out.append("end")
    # derived: point i = [splitmix64(seed + 5 i) | 1] G, scalar i = derived_scalar(seed, i)
    for n, check_pyecc in ((1000, True),):
        mults = [derived_multiplier(seed, i) for i in range(n)]
        scalars = [derived_scalar(seed, i) for i in range(n)]
        res = ark_msm(mults, scalars)
        if check_pyecc and pyecc_msm(mults, scalars) != res:
            sys.exit("py_ecc and arkworks disagree on derived_%d" % n)
        out += ["case derived_%d %d" % (n, n), "derive_mul %d" % seed, "result " + res, "end"]
    # sequential: point i = [i + 1] G (the benchmarks make them by additions), same scalars; the
    # answer is [sum (i + 1) s_i mod r] G (py_ecc and arkworks), and at 2^12 arkworks' multiexp too
    for lg in (12, 16, 20):
        n = 1 << lg
        scalars = [derived_scalar(seed, i) for i in range(n)]
        k = sum((i + 1) * s for i, s in enumerate(scalars)) % R
        res = bytes(ark_point(k).to_compressed_bytes()).hex()
        if res != pyecc_point_hex(k) or (lg == 12 and ark_msm([i + 1 for i in range(n)], scalars) != res):
            sys.exit("py_ecc and arkworks disagree on sequential_%d" % n)
        out += ["case sequential_%d %d" % (n, n), "derive_seq %d" % seed, "result " + res, "end"]
    text = "\n".join(out) + "\n"
    return write_or_check_text(OUT, text, args.check)


if __name__ == "__main__":
    sys.exit(main())
