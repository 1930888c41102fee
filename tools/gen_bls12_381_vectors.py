#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate BLS12-381 known-answer vectors for gpucheck from an independent implementation.

The G1 arithmetic and the point encoding come from PyPI's py_ecc (the Ethereum Foundation's
pure-Python BLS12-381); Fr FFT answers come from a naive DFT over Python integers written
here. The output is data, not code: crypto/bls12_381/vectors/*.inc, one X-macro call per vector,
which the C tests and suites #include at build time (so the installed binary carries
them). This script is not in the test path.

Rerun (from the repository root):
    pip install py_ecc==8.0.0
    python3 tools/gen_bls12_381_vectors.py            # rewrites crypto/bls12_381/vectors/*.inc
    python3 tools/gen_bls12_381_vectors.py --check    # regenerates and compares, exit 1 on drift
The vectors are deterministic (fixed seed), so a rerun reproduces the committed files.
"""
import argparse
import os
import random
import sys

import py_ecc
from py_ecc.bls.point_compression import compress_G1, decompress_G1
from py_ecc.optimized_bls12_381 import (G1, Z1, add, curve_order, double, field_modulus,
                                        is_inf, is_on_curve, multiply, neg, normalize, b, FQ)
from vectors_common import splitmix64, write_inc

P = field_modulus
R = curve_order
SEED = 0x0B15381
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "bls12_381", "vectors")
try:
    from importlib.metadata import version as _pkg_version
    PY_ECC_VERSION = _pkg_version("py_ecc")
except Exception:  # pragma: no cover - metadata missing
    PY_ECC_VERSION = getattr(py_ecc, "__version__", "unknown")

# ---- helpers -------------------------------------------------------------------------

def write(name, header, lines, check):
    """Writes (or with `check` compares) OUT_DIR/name."""
    return write_inc(os.path.join(OUT_DIR, name), "gen_bls12_381_vectors.py", "py_ecc " + PY_ECC_VERSION, SEED,
                     header, lines, check)


def hex_be(value, nbytes):
    return value.to_bytes(nbytes, "big").hex()


def compressed(pt):
    return hex_be(compress_G1(pt), 48)


def affine_hex(pt):
    """x and y, big-endian 48 bytes each; infinity as zeros (the C side's convention)."""
    if is_inf(pt):
        return "00" * 48, "00" * 48
    x, y = normalize(pt)
    return hex_be(x.n, 48), hex_be(y.n, 48)


def fft_input(i):
    """Input i of the sampled FFT vectors: a 192-bit integer (< r) from splitmix64."""
    return splitmix64(3 * i) | (splitmix64(3 * i + 1) << 64) | (splitmix64(3 * i + 2) << 128)


def root_of_unity(n):
    assert (R - 1) % n == 0
    w = pow(7, (R - 1) // n, R)
    assert pow(w, n, R) == 1 and (n == 1 or pow(w, n // 2, R) == R - 1)
    return w


def dft_at(values, k, w):
    """Output k of the forward DFT: sum_j values[j] w^(jk) mod r (naive, independent)."""
    n = len(values)
    wk = pow(w, k, R)
    acc, x = 0, 1
    for j in range(n):
        acc = (acc + values[j] * x) % R
        x = x * wk % R
    return acc


# ---- vector sets ---------------------------------------------------------------------

def g1_mul(rng):
    """GC_BLS_G1_MUL(base compressed, scalar (32 B), [scalar] base compressed, x, y)."""
    lines = []
    bases = [G1] + [multiply(G1, rng.randrange(1, R)) for _ in range(3)]
    scalars = [0, 1, 2, 3, 4, 5, 12, R - 1, R - 2, (R - 1) // 2, 1 << 128, (1 << 255) % R]
    scalars += [rng.randrange(R) for _ in range(12)]
    for i, k in enumerate(scalars):
        base = bases[i % len(bases)]
        res = multiply(base, k)
        x, y = affine_hex(res)
        lines.append('GC_BLS_G1_MUL("%s", "%s", "%s", "%s", "%s")' %
                     (compressed(base), hex_be(k, 32), compressed(res), x, y))
    return lines


def g1_add(rng):
    """GC_BLS_G1_ADD(P, Q, P + Q, 2P), all compressed."""
    lines = []
    pts = [multiply(G1, rng.randrange(1, R)) for _ in range(12)]
    pairs = [(pts[i], pts[i + 1]) for i in range(0, 10, 2)]
    pairs += [(pts[0], pts[0]), (pts[1], neg(pts[1])), (Z1, pts[2]), (pts[3], Z1), (Z1, Z1),
              (G1, G1), (G1, double(G1))]
    for p, q in pairs:
        lines.append('GC_BLS_G1_ADD("%s", "%s", "%s", "%s")' %
                     (compressed(p), compressed(q), compressed(add(p, q)), compressed(double(p))))
    return lines


def on_curve_x(x):
    rhs = (x * x * x + 4) % P
    return pow(rhs, (P - 1) // 2, P) in (0, 1)


def g1_invalid(rng):
    """GC_BLS_G1_INVALID(encoding, expected error) for encodings decompression must reject.
    Every one is also rejected by py_ecc's decompress_G1, or (for the subgroup cases) is a
    curve point whose [r] multiple py_ecc finds to be non-zero."""
    lines = []
    good = compress_G1(multiply(G1, rng.randrange(1, R)))
    cases = []
    cases.append((good & ~(1 << 383), "GC_G1_ERR_FLAGS"))                 # compression bit clear
    cases.append(((1 << 383) | (1 << 382) | 1, "GC_G1_ERR_FLAGS"))        # infinity, x != 0
    cases.append(((1 << 383) | (1 << 382) | (1 << 381), "GC_G1_ERR_FLAGS"))  # infinity with sign
    cases.append(((1 << 383) | (1 << 382) | (1 << 380), "GC_G1_ERR_FLAGS"))  # infinity, top x bit
    cases.append((good | (1 << 382), "GC_G1_ERR_FLAGS"))                  # infinity bit on a point
    cases.append(((1 << 382) | (1 << 381), "GC_G1_ERR_FLAGS"))             # uncompressed infinity-ish
    cases.append(((1 << 383) | P, "GC_G1_ERR_X_RANGE"))                   # x = p
    cases.append(((1 << 383) | (P + 1), "GC_G1_ERR_X_RANGE"))
    cases.append(((1 << 383) | ((1 << 381) - 1), "GC_G1_ERR_X_RANGE"))    # x all ones
    cases.append(((1 << 383) | (1 << 381) | ((1 << 381) - 1), "GC_G1_ERR_X_RANGE"))
    n_off = n_sub = 0
    while n_off < 4 or n_sub < 4:
        x = rng.randrange(P)
        sign = rng.randrange(2) << 381
        enc = (1 << 383) | sign | x
        if not on_curve_x(x):
            if n_off < 4:
                cases.append((enc, "GC_G1_ERR_NOT_ON_CURVE"))
                n_off += 1
            continue
        pt = decompress_G1(enc)
        assert is_on_curve(pt, b)
        if n_sub < 4 and not is_inf(multiply(pt, R)):
            cases.append((enc, "GC_G1_ERR_NOT_IN_SUBGROUP"))
            n_sub += 1
    for enc, why in cases:
        if why != "GC_G1_ERR_NOT_IN_SUBGROUP":
            try:
                decompress_G1(enc)
            except ValueError:
                pass
            else:
                raise AssertionError("py_ecc accepted an encoding labelled %s" % why)
        lines.append('GC_BLS_G1_INVALID("%s", %s)' % (hex_be(enc, 48), why))
    return lines


def fr_fft():
    """GC_BLS_FR_FFT(log_n, k, out_k): output k of the forward DFT of fft_input(0..n-1),
    for every size 2..8192 at sampled k, and every k of the size-16 transform."""
    lines = []
    for log_n in range(1, 14):
        n = 1 << log_n
        w = root_of_unity(n)
        values = [fft_input(i) for i in range(n)]
        ks = sorted(set(k for k in [0, 1, 2, n // 2, n - 1] if k < n) |
                    set(splitmix64(1000 + log_n * 8 + j) % n for j in range(3)))
        if n == 16:
            ks = list(range(16))
        for k in ks:
            lines.append('GC_BLS_FR_FFT(%d, %d, "%s")' % (log_n, k, hex_be(dft_at(values, k, w), 32)))
    return lines


def g1_fft():
    """GC_BLS_G1_FFT(log_n, k, out_k compressed): output k of the forward FFT of the points
    [fft_input(j)] G1, j < n, computed as [DFT_k] G1 with py_ecc (the FFT is linear)."""
    lines = []
    for log_n in (1, 2, 3, 4, 7, 9):
        n = 1 << log_n
        w = root_of_unity(n)
        values = [fft_input(i) for i in range(n)]
        ks = sorted(set([0, 1, n // 2, n - 1] + [splitmix64(2000 + log_n * 8 + j) % n for j in range(2)]))
        if n <= 8:
            ks = list(range(n))
        for k in ks:
            lines.append('GC_BLS_G1_FFT(%d, %d, "%s")' % (log_n, k, compressed(multiply(G1, dft_at(values, k, w)))))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args()
    rng = random.Random(SEED)
    ok = True
    ok &= write("g1_mul.inc", "G1 scalar multiplication: GC_BLS_G1_MUL(base, scalar, result, x, y)",
                g1_mul(rng), args.check)
    ok &= write("g1_add.inc", "G1 addition and doubling: GC_BLS_G1_ADD(P, Q, P+Q, 2P)", g1_add(rng), args.check)
    ok &= write("g1_invalid.inc", "G1 encodings to reject: GC_BLS_G1_INVALID(encoding, error)",
                g1_invalid(rng), args.check)
    ok &= write("fr_fft.inc", "Fr forward FFT outputs: GC_BLS_FR_FFT(log_n, k, output k)", fr_fft(), args.check)
    ok &= write("g1_fft.inc", "G1 forward FFT outputs: GC_BLS_G1_FFT(log_n, k, output k)", g1_fft(), args.check)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
