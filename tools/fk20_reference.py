#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An independent FK20 reference (Feist-Khovratovich amortized KZG multi-proofs) in Python.

Group arithmetic is PyPI py_ecc's (py_ecc.optimized_bls12_381, the Ethereum Foundation's
pure-Python BLS12-381); everything above it (Fr FFTs, the Toeplitz/circulant layout, the G1
FFTs, the naive multi-proof) is written here from the definitions, following the stage layout
of c-kzg-4844's src/eip7594/fk20.c so that every intermediate can be stored as a known answer.
It is a library for tools/gen_fk20_stage_vectors.py and tools/gen_kzg_vectors.py: not in the
test path, and slow (a G1 scalar multiplication costs ~9 ms).

Conventions (the contract with the C side):
  - Fr elements are integers mod r; in files 32-byte big-endian hex.
  - FFT of size n: out[k] = sum_j in[j] w^(jk), w = 7^((r-1)/n) (the primitive n-th root of
    unity c-kzg uses); the inverse uses w^-1 and divides by n.
  - A blob holds p's evaluations at brp(4096th roots of unity); cell i of size L holds p at
    brp(8192th roots)[L*i : L*(i+1)], a coset h*<w_L>; proof i is the commitment to
    (p - I_i) / (X^L - h^L).
"""
import os

from py_ecc.bls.point_compression import compress_G1, decompress_G1
from py_ecc.optimized_bls12_381 import (FQ, Z1, add, curve_order, field_modulus, is_inf,
                                        multiply, neg)

R = curve_order
P = field_modulus
N = 4096               # field elements per blob (polynomial length)
N_EXT = 2 * N          # the extended domain
MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


# ---- deterministic randomness (the C side can reproduce it) ---------------------------

def splitmix64(seed, k):
    """The k-th output (k >= 0) of splitmix64 started from state `seed`."""
    z = (seed + (k + 1) * GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def splitmix_fr(seed, e):
    """Element e of a seeded stream: 4 splitmix64 words (outputs 4e..4e+3), the first the
    most significant, masked to 0x3fffffffffffffff so the value is < 2^254 < r (no reduction)."""
    w = [splitmix64(seed, 4 * e + j) for j in range(4)]
    w[0] &= 0x3FFFFFFFFFFFFFFF
    return (w[0] << 192) | (w[1] << 128) | (w[2] << 64) | w[3]


# ---- Fr ---------------------------------------------------------------------------------

def root_of_unity(n):
    assert (R - 1) % n == 0
    w = pow(7, (R - 1) // n, R)
    assert pow(w, n, R) == 1 and (n == 1 or pow(w, n // 2, R) == R - 1)
    return w


def reverse_bits(i, nbits):
    return int(format(i, "0%db" % nbits)[::-1], 2) if nbits else 0


def brp(values):
    """Bit-reversal permutation of a list whose length is a power of two."""
    n = len(values)
    nbits = n.bit_length() - 1
    assert 1 << nbits == n
    return [values[reverse_bits(i, nbits)] for i in range(n)]


def fr_fft(values, inverse=False):
    """Radix-2 FFT over Fr in natural order (see the module's convention)."""
    n = len(values)
    w = root_of_unity(n)
    if inverse:
        w = pow(w, R - 2, R)
    out = _fr_fft_rec(list(values), w)
    if inverse:
        inv_n = pow(n, R - 2, R)
        out = [x * inv_n % R for x in out]
    return out


def _fr_fft_rec(vals, w):
    n = len(vals)
    if n == 1:
        return vals
    w2 = w * w % R
    even = _fr_fft_rec(vals[0::2], w2)
    odd = _fr_fft_rec(vals[1::2], w2)
    out = [0] * n
    wk = 1
    half = n // 2
    for k in range(half):
        t = odd[k] * wk % R
        out[k] = (even[k] + t) % R
        out[k + half] = (even[k] - t) % R
        wk = wk * w % R
    return out


def poly_eval(coeffs, x):
    acc = 0
    for c in reversed(coeffs):
        acc = (acc * x + c) % R
    return acc


def blob_to_poly(blob_elems):
    """Monomial coefficients of the blob's polynomial: IFFT of the bit-reversed blob."""
    assert len(blob_elems) == N
    return fr_fft(brp(blob_elems), inverse=True)


def blob_bytes_to_elems(blob):
    assert len(blob) == 32 * N
    return [int.from_bytes(blob[32 * i:32 * i + 32], "big") for i in range(N)]


def elems_to_blob_bytes(elems):
    return b"".join(x.to_bytes(32, "big") for x in elems)


def extended_evaluations(coeffs):
    """p at brp(8192th roots of unity): the 128 cells of size 64 laid end to end."""
    return brp(fr_fft(list(coeffs) + [0] * (N_EXT - len(coeffs))))


# ---- G1 ---------------------------------------------------------------------------------

def g1_mul(pt, s):
    s %= R
    if s == 0 or is_inf(pt):
        return Z1
    return multiply(pt, s)


def g1_add(a, b):
    if is_inf(a):
        return b
    if is_inf(b):
        return a
    return add(a, b)


def g1_msm(points, scalars):
    """Naive multi-scalar multiplication: sum of scalars[i] * points[i]."""
    acc = Z1
    for pt, s in zip(points, scalars):
        acc = g1_add(acc, g1_mul(pt, s))
    return acc


def g1_compressed_hex(pt):
    return compress_G1(pt).to_bytes(48, "big").hex()


def g1_from_compressed_hex(h):
    return decompress_G1(int(h, 16))


def g1_to_ints(pt):
    """A picklable, cheap form of a projective point (for worker processes)."""
    return (pt[0].n, pt[1].n, pt[2].n)


def g1_from_ints(t):
    return (FQ(t[0]), FQ(t[1]), FQ(t[2]))


def g1_fft(points, inverse=False):
    """Radix-2 FFT over G1 in natural order; the inverse divides by n (module convention)."""
    n = len(points)
    w = root_of_unity(n)
    if inverse:
        w = pow(w, R - 2, R)
    out = _g1_fft_rec(list(points), w)
    if inverse:
        inv_n = pow(n, R - 2, R)
        out = [g1_mul(x, inv_n) for x in out]
    return out


def _g1_fft_rec(vals, w):
    n = len(vals)
    if n == 1:
        return vals
    w2 = w * w % R
    even = _g1_fft_rec(vals[0::2], w2)
    odd = _g1_fft_rec(vals[1::2], w2)
    out = [None] * n
    wk = 1
    half = n // 2
    for k in range(half):
        t = odd[k] if wk == 1 else g1_mul(odd[k], wk)
        out[k] = g1_add(even[k], t)
        out[k + half] = g1_add(even[k], neg(t))
        wk = wk * w % R
    return out


# ---- trusted setup ----------------------------------------------------------------------

def load_setup_monomial(path):
    """The 4096 G1 monomial points ([s^i]_1) of a c-kzg text setup, decompressed with py_ecc.

    The file: n_g1, n_g2, then n_g1 Lagrange points, n_g2 G2 points, n_g1 monomial points."""
    with open(path) as f:
        lines = [ln.strip() for ln in f if ln.strip()]
    n_g1, n_g2 = int(lines[0]), int(lines[1])
    assert n_g1 == N and n_g2 == 65, (n_g1, n_g2)
    assert len(lines) == 2 + 2 * n_g1 + n_g2
    mono = lines[2 + n_g1 + n_g2:]
    assert len(mono) == N and all(len(h) == 96 for h in mono)
    return [g1_from_compressed_hex(h) for h in mono]


# ---- FK20 stages (c-kzg-4844 fk20.c layout) ---------------------------------------------

def circulant_coeffs(poly, offset, L):
    """c-kzg's circulant_coeffs_stride: size 2m (m = 4096/L); out[0] = poly[d-offset],
    out[2m-j] = poly[d-offset-j*L] for j = 1..m-2, all else 0 (d = 4095)."""
    m = N // L
    d = N - 1
    out = [0] * (2 * m)
    out[0] = poly[d - offset]
    for j in range(1, m - 1):
        out[2 * m - j] = poly[d - offset - j * L]
    return out


def x_ext(monomial, offset, L):
    """The setup column for `offset`, before its FFT: x[k] = [s^(4096-L-1-offset-k*L)]_1
    for k = 0..m-2, x[m-1] = identity, then m identities (size 2m)."""
    m = N // L
    x = [monomial[N - L - 1 - offset - k * L] for k in range(m - 1)]
    x.append(Z1)
    return x + [Z1] * m


def coset_points(L, cell):
    """The L points of cell `cell`: brp(8192th roots of unity)[L*cell : L*(cell+1)]."""
    w = root_of_unity(N_EXT)
    nbits = 13
    return [pow(w, reverse_bits(L * cell + j, nbits), R) for j in range(L)]


# ---- the naive multi-proof (independent of FK20) -----------------------------------------

def poly_mul(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] = (out[i + j] + x * y) % R
    return out


def interpolate(xs, ys):
    """Lagrange interpolation over Fr: coefficients of the polynomial of degree < len(xs)."""
    n = len(xs)
    out = [0] * n
    for i in range(n):
        num = [1]
        den = 1
        for j in range(n):
            if j != i:
                num = poly_mul(num, [(-xs[j]) % R, 1])
                den = den * (xs[i] - xs[j]) % R
        c = ys[i] * pow(den, R - 2, R) % R
        for k in range(n):
            out[k] = (out[k] + c * num[k]) % R
    return out


def naive_quotient(poly, L, cell):
    """q = (p - I) / (X^L - h^L) for the coset of `cell`, by plain polynomial arithmetic:
    I interpolates p on the coset; the division by X^L - c is long division, and the remainder
    is asserted to be zero."""
    xs = coset_points(L, cell)
    c = pow(xs[0], L, R)
    assert all(pow(x, L, R) == c for x in xs), "not a coset of <w_L>"
    ys = [poly_eval(poly, x) for x in xs]
    interp = interpolate(xs, ys)
    num = list(poly)
    for k in range(L):
        num[k] = (num[k] - interp[k]) % R
    # long division of num (degree < 4096) by X^L - c, from the top
    rem = list(num)
    q = [0] * (len(num) - L)
    for k in range(len(num) - 1, L - 1, -1):
        coef = rem[k]
        q[k - L] = coef
        rem[k] = 0
        rem[k - L] = (rem[k - L] + coef * c) % R
    assert all(v == 0 for v in rem), "p - I is not divisible by X^L - h^L"
    return q


# ---- self-test: the FK20 stages "in the exponent" ------------------------------------------

def fk20_in_exponent(poly, L, s):
    """The FK20 stages with Fr in place of G1 (the setup point [s^i]_1 replaced by s^i): the
    same layout as the G1 pipeline, so it checks the index algebra in seconds."""
    m = N // L
    mono = [pow(s, i, R) for i in range(N)]
    circ_fft = [fr_fft(circulant_coeffs(poly, i, L)) for i in range(L)]
    cols = []
    for i in range(L):
        x = [mono[N - L - 1 - i - k * L] for k in range(m - 1)] + [0] * (m + 1)
        cols.append(fr_fft(x))
    u = [sum(circ_fft[i][j] * cols[i][j] for i in range(L)) % R for j in range(2 * m)]
    v = fr_fft(u, inverse=True)[:m]
    return brp(fr_fft(v + [0] * m))


def self_test(L_values=(16, 32, 64), seed=1):
    poly = [splitmix_fr(seed, e) for e in range(N)]
    s = splitmix_fr(seed, 10 ** 6)
    for L in L_values:
        proofs = fk20_in_exponent(poly, L, s)
        for cell in (0, 1, 2 * N // L - 1, N // L + 5):
            assert proofs[cell] == poly_eval(naive_quotient(poly, L, cell), s), (L, cell)
    return True


def default_setup_path():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "shared", "data", "trusted_setup.txt"))


if __name__ == "__main__":
    self_test()
    print("fk20_reference self-test: FK20 in the exponent equals the naive quotient "
          "(L = 16, 32, 64)")
