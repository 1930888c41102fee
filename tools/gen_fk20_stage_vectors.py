#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate FK20 per-stage known answers (crypto/kzg/vectors/fk20_stages_L<L>.txt).

The independent reference is tools/fk20_reference.py (py_ecc group law, everything above it
written from the definitions); the blob is case random_0 of tools/gen_kzg_vectors.py. Checks,
asserted before a file is written:
  - the polynomial's FFT, bit-reversed, gives the blob back;
  - the commitment (MSM of the coefficients with the monomial setup) equals ckzg's;
  - L = 64: every final proof equals ckzg's compute_cells_and_kzg_proofs byte for byte;
  - every L: sampled cosets' proofs equal a naive multi-proof, q = (p - I)/(X^L - h^L) by
    polynomial arithmetic over Fr, committed with the monomial setup (written as naive_proof).
For L = 64 the naive proofs are also checked against ckzg, which validates the naive method.

Format (line oriented, '#' lines are comments; Fr = 32-byte big-endian hex, G1 = 48-byte
compressed hex, neither with 0x; r = 4096/L rows, 2r = the FFT size):
  L <L>
  poly <i> <Fr>                        4096 lines
  circulant_fft <offset> <j> <Fr>      L * 2r lines (FFT of size 2r, not prescaled)
  x_ext_fft <j> <offset> <G1>          2r * L lines
  u <j> <G1>                           2r lines: sum_i circulant_fft[i][j] * x_ext_fft[j][i]
  v <j> <G1>                           r lines: first r of the inverse FFT of u (scaled by 1/2r)
  proof_fft <k> <G1>                   2r lines: FFT of v padded with identities to 2r
  proof <k> <G1>                       2r lines: proof_fft bit-reversed, the final proofs
  commitment <G1>
  naive_proof <k> <G1>                 one per sampled coset k

Rerun (from the repository root; ~10 minutes of CPU per L on one core, see --procs):
    pip install ckzg==2.1.8 py_ecc==8.0.0
    nice -n 10 python3 tools/gen_fk20_stage_vectors.py --L 64 16 32 --procs 2
"""
import argparse
import datetime
import multiprocessing as mp
import os
import sys
import time

import ckzg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fk20_reference as ref  # noqa: E402
import gen_kzg_vectors as kv  # noqa: E402
from fk20_reference import N, R, Z1  # noqa: E402

OUT_DIR = kv.OUT_DIR
MONO = None          # the setup's monomial points; set before the pool forks


# ---- worker tasks (points travel as integer triples) ------------------------------------

def _task_x_ext_fft(args):
    offset, L = args
    return [ref.g1_to_ints(p) for p in ref.g1_fft(ref.x_ext(MONO, offset, L))]


def _task_msm(args):
    """sum scalars[k] * points[k]; points given as int triples or as a MONO start index."""
    points, scalars = args
    if isinstance(points, int):
        points = MONO[points:points + len(scalars)]
    else:
        points = [ref.g1_from_ints(t) for t in points]
    return ref.g1_to_ints(ref.g1_msm(points, scalars))


def _task_fft(args):
    points, w = args
    return [ref.g1_to_ints(p) for p in ref._g1_fft_rec([ref.g1_from_ints(t) for t in points], w)]


def _task_mul(args):
    points, scalars = args
    return [ref.g1_to_ints(ref.g1_mul(ref.g1_from_ints(t), s)) for t, s in zip(points, scalars)]


def _chunks(n, parts):
    step = max(1, (n + parts - 1) // parts)
    return [(a, min(n, a + step)) for a in range(0, n, step)]


# ---- parallel building blocks ----------------------------------------------------------

def par_msm_mono(pool, scalars, procs):
    """MSM of scalars with MONO[0:len(scalars)], split into chunks over the pool."""
    parts = pool.map(_task_msm, [(a, scalars[a:b]) for a, b in _chunks(len(scalars), 4 * procs)])
    acc = Z1
    for t in parts:
        acc = ref.g1_add(acc, ref.g1_from_ints(t))
    return acc


def par_mul(pool, points, scalars, procs):
    ints = [ref.g1_to_ints(p) for p in points]
    out = []
    for part in pool.map(_task_mul, [(ints[a:b], scalars[a:b])
                                     for a, b in _chunks(len(points), 4 * procs)]):
        out.extend(ref.g1_from_ints(t) for t in part)
    return out


def par_g1_fft(pool, points, procs):
    """The same radix-2 FFT as ref.g1_fft (forward)."""
    return _par_fft_with_root(pool, points, ref.root_of_unity(len(points)), procs)


# ---- one cell size ------------------------------------------------------------------------

def fk20_stages(pool, procs, poly, L, log):
    m = N // L
    m2 = 2 * m
    t0 = time.time()
    circ_fft = [ref.fr_fft(ref.circulant_coeffs(poly, i, L)) for i in range(L)]
    log("L=%d circulant_fft done (%.1fs)" % (L, time.time() - t0))
    cols = pool.map(_task_x_ext_fft, [(i, L) for i in range(L)])      # cols[offset][j]
    x_ext_fft = [[ref.g1_from_ints(cols[i][j]) for i in range(L)] for j in range(m2)]
    log("L=%d x_ext_fft done (%.1fs)" % (L, time.time() - t0))
    tasks = [([cols[i][j] for i in range(L)], [circ_fft[i][j] for i in range(L)])
             for j in range(m2)]
    u = [ref.g1_from_ints(t) for t in pool.map(_task_msm, tasks)]
    log("L=%d u done (%.1fs)" % (L, time.time() - t0))
    # inverse FFT unscaled, then scale the first m (the rest is dropped)
    w_inv = pow(ref.root_of_unity(m2), R - 2, R)
    h_unscaled = _par_fft_with_root(pool, u, w_inv, procs)
    v = par_mul(pool, h_unscaled[:m], [pow(m2, R - 2, R)] * m, procs)
    log("L=%d v done (%.1fs)" % (L, time.time() - t0))
    proof_fft = par_g1_fft(pool, v + [Z1] * m, procs)
    proofs = ref.brp(proof_fft)
    log("L=%d proofs done (%.1fs)" % (L, time.time() - t0))
    return dict(circ_fft=circ_fft, x_ext_fft=x_ext_fft, u=u, v=v, proof_fft=proof_fft,
                proofs=proofs)


def _par_fft_with_root(pool, points, w, procs):
    """Radix-2 FFT with root w: the two half-size sub-FFTs in parallel, then the last
    butterfly layer's twiddle products in parallel; unscaled."""
    n = len(points)
    ints = [ref.g1_to_ints(p) for p in points]
    w2 = w * w % R
    even, odd = [[ref.g1_from_ints(t) for t in part]
                 for part in pool.map(_task_fft, [(ints[0::2], w2), (ints[1::2], w2)])]
    half = n // 2
    t = par_mul(pool, odd, [pow(w, k, R) for k in range(half)], procs)
    return ([ref.g1_add(even[k], t[k]) for k in range(half)]
            + [ref.g1_add(even[k], ref.neg(t[k])) for k in range(half)])


def sample_cells(L, count):
    n_cells = 2 * N // L
    cand = [0, n_cells - 1, 1, n_cells // 2 + 3, n_cells // 3, 2 * n_cells // 3 + 1]
    out = []
    for c in cand:
        if c not in out and len(out) < count:
            out.append(c)
    return out


def write_file(path, L, poly, st, commitment, naive, notes):
    m2 = 2 * (N // L)
    h = ref.g1_compressed_hex
    lines = [
        "# gpucheck FK20 per-stage known answers, cell size L = %d (%d proofs)" % (L, m2),
        "# generator: tools/gen_fk20_stage_vectors.py with tools/fk20_reference.py "
        "(py_ecc %s, ckzg %s, Python %s)" % (kv.PY_ECC_VERSION, kv.CKZG_VERSION,
                                             sys.version.split()[0]),
        "# date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "# blob: case random_0 of crypto/kzg/vectors/ckzg_cells.txt; setup: Ethereum KZG ceremony",
    ] + ["# " + s for s in notes]
    lines.append("L %d" % L)
    lines += ["poly %d %064x" % (i, c) for i, c in enumerate(poly)]
    lines += ["circulant_fft %d %d %064x" % (i, j, x)
              for i, row in enumerate(st["circ_fft"]) for j, x in enumerate(row)]
    lines += ["x_ext_fft %d %d %s" % (j, i, h(p))
              for j, row in enumerate(st["x_ext_fft"]) for i, p in enumerate(row)]
    lines += ["u %d %s" % (j, h(p)) for j, p in enumerate(st["u"])]
    lines += ["v %d %s" % (j, h(p)) for j, p in enumerate(st["v"])]
    lines += ["proof_fft %d %s" % (k, h(p)) for k, p in enumerate(st["proof_fft"])]
    lines += ["proof %d %s" % (k, h(p)) for k, p in enumerate(st["proofs"])]
    lines.append("commitment %s" % h(commitment))
    lines += ["naive_proof %d %s" % (k, h(p)) for k, p in naive]
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


def read_file(path):
    """Parse a stage file back (the format above) into a dict of sections."""
    d = {"circulant_fft": {}, "x_ext_fft": {}}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            t = line.split()
            key = t[0]
            if key == "L":
                d["L"] = int(t[1])
            elif key == "commitment":
                d["commitment"] = t[1]
            elif key in ("circulant_fft", "x_ext_fft"):
                d[key][(int(t[1]), int(t[2]))] = t[3]
            else:
                d.setdefault(key, {})[int(t[1])] = t[2]
    return d


def verify_file(path, setup_path, log):
    """Cheap re-checks of a written file, read back from disk (catches layout slips such as
    swapped indices): poly, circulant_fft, one x_ext_fft column, sampled u, v -> proof_fft,
    proof = brp(proof_fft), proofs against ckzg_cells.txt for L = 64, naive_proof lines."""
    d = read_file(path)
    L = d["L"]
    m = N // L
    m2 = 2 * m
    fr = lambda h: int(h, 16)  # noqa: E731
    poly = [fr(d["poly"][i]) for i in range(N)]
    name, elems, _ = kv.valid_cases()[0]
    assert ref.blob_to_poly(elems) == poly, "poly"
    assert len(d["circulant_fft"]) == L * m2 and len(d["x_ext_fft"]) == m2 * L
    for i in range(L):
        want = ref.fr_fft(ref.circulant_coeffs(poly, i, L))
        assert [fr(d["circulant_fft"][(i, j)]) for j in range(m2)] == want, "circulant %d" % i
    mono = ref.load_setup_monomial(setup_path)
    col = ref.g1_fft(ref.x_ext(mono, L - 1, L))
    assert [ref.g1_compressed_hex(p) for p in col] == \
        [d["x_ext_fft"][(j, L - 1)] for j in range(m2)], "x_ext_fft column %d" % (L - 1)
    for j in (0, m2 - 1):
        pts = [ref.g1_from_compressed_hex(d["x_ext_fft"][(j, i)]) for i in range(L)]
        sc = [fr(d["circulant_fft"][(i, j)]) for i in range(L)]
        assert ref.g1_compressed_hex(ref.g1_msm(pts, sc)) == d["u"][j], "u %d" % j
    assert len(d["u"]) == m2 and len(d["v"]) == m and len(d["proof_fft"]) == m2
    v = [ref.g1_from_compressed_hex(d["v"][j]) for j in range(m)]
    pf = ref.g1_fft(v + [Z1] * m) if m2 <= 128 else None
    if pf is not None:
        assert [ref.g1_compressed_hex(p) for p in pf] == [d["proof_fft"][k] for k in range(m2)]
    assert [d["proof"][k] for k in range(m2)] == ref.brp([d["proof_fft"][k] for k in range(m2)])
    for k, h in d.get("naive_proof", {}).items():
        assert d["proof"][k] == h, "naive_proof %d" % k
    if L == 64:
        with open(os.path.join(os.path.dirname(path), "ckzg_cells.txt")) as f:
            text = f.read()
        block = text[text.index("case random_0\n"):]
        block = block[:block.index("\nend\n")]
        want = {int(t[1]): t[2][2:] for t in (ln.split() for ln in block.splitlines())
                if t[0] == "proof"}
        assert want == d["proof"], "proofs differ from ckzg_cells.txt"
        assert [ln for ln in block.splitlines() if ln.startswith("commitment")] == \
            ["commitment 0x" + d["commitment"]]
    log("%s: read back and verified (L=%d)" % (path, L))


def main():
    global MONO
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--L", type=int, nargs="+", default=[64, 16, 32])
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--setup", default=ref.default_setup_path())
    ap.add_argument("--out-dir", default=OUT_DIR)
    ap.add_argument("--naive-samples", type=int, default=4, help="sampled cosets for L != 64")
    ap.add_argument("--verify", metavar="FILE", nargs="+",
                    help="only re-check written stage files (cheap, sampled)")
    ap.add_argument("--naive-samples-64", type=int, default=2, help="sampled cosets for L = 64")
    args = ap.parse_args()
    t_start = time.time()

    def log(s):
        print("[%7.1fs] %s" % (time.time() - t_start, s), file=sys.stderr, flush=True)

    if args.verify:
        for path in args.verify:
            verify_file(path, args.setup, log)
        return 0
    MONO = ref.load_setup_monomial(args.setup)
    log("setup: %d monomial points decompressed" % len(MONO))
    name, elems, _ = kv.valid_cases()[0]
    assert name == "random_0"
    blob = ref.elems_to_blob_bytes(elems)
    setup = ckzg.load_trusted_setup(args.setup, 0)
    ckzg_commitment = ckzg.blob_to_kzg_commitment(blob, setup)
    _, ckzg_proofs = ckzg.compute_cells_and_kzg_proofs(blob, setup)

    poly = ref.blob_to_poly(elems)
    assert ref.brp(ref.fr_fft(poly)) == elems, "poly does not evaluate back to the blob"

    ctx = mp.get_context("fork")
    with ctx.Pool(args.procs) as pool:
        commitment = par_msm_mono(pool, poly, args.procs)
        assert bytes.fromhex(ref.g1_compressed_hex(commitment)) == ckzg_commitment
        log("commitment = ckzg's")
        for L in args.L:
            assert L in (16, 32, 64), L
            tl = time.time()
            st = fk20_stages(pool, args.procs, poly, L, log)
            notes = []
            if L == 64:
                got = [bytes.fromhex(ref.g1_compressed_hex(p)) for p in st["proofs"]]
                assert got == list(ckzg_proofs), "L=64 proofs differ from ckzg"
                notes.append("checked: all 128 proofs equal ckzg %s compute_cells_and_kzg_proofs"
                             % kv.CKZG_VERSION)
                log("L=64: all 128 proofs equal ckzg's")
            samples = sample_cells(L, args.naive_samples_64 if L == 64 else args.naive_samples)
            naive = []
            for k in samples:
                q = ref.naive_quotient(poly, L, k)
                pf = par_msm_mono(pool, q, args.procs)
                assert ref.g1_compressed_hex(pf) == ref.g1_compressed_hex(st["proofs"][k]), \
                    "L=%d coset %d: naive proof differs from FK20" % (L, k)
                if L == 64:
                    assert bytes.fromhex(ref.g1_compressed_hex(pf)) == ckzg_proofs[k]
                naive.append((k, pf))
                log("L=%d naive proof %d = FK20 proof" % (L, k))
            notes.append("checked: commitment equals ckzg's; naive multi-proofs of cosets %s "
                         "equal the FK20 proofs" % ",".join(map(str, samples)))
            path = os.path.join(args.out_dir, "fk20_stages_L%d.txt" % L)
            write_file(path, L, poly, st, commitment, naive, notes)
            log("L=%d written to %s (%.0fs for this L)" % (L, path, time.time() - tl))
    return 0


if __name__ == "__main__":
    sys.exit(main())
