#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Generate EIP-7594 cell/proof known answers for gpucheck's KZG library with PyPI ckzg.

ckzg (the Python binding of c-kzg-4844) computes the commitment, the 128 cells and the 128
proofs of each blob; this script also checks ckzg's cells against an independent evaluation
(tools/fk20_reference.py: IFFT of the bit-reversed blob, then p evaluated on brp(8192th roots)),
and for the low-degree cases builds the blob itself by evaluating a known polynomial. Output is
data, not code, and this script is not in the test path:

  crypto/kzg/vectors/ckzg_cells.txt     valid blobs: commitment, proofs, SHA-256 of each cell
  crypto/kzg/vectors/ckzg_invalid.txt   blobs ckzg rejects (C_KZG_BADARGS)

Format (line oriented, '#' lines are comments):
  case <name> / blob 0x<262144 hex> / commitment 0x<96 hex> / proof <i> 0x<96 hex> (x128) /
  cell_sha256 <i> <64 hex> (x128) / end;   invalid: case / blob / error BADARGS / end.

Rerun (from the repository root):
    pip install ckzg==2.1.8 py_ecc==8.0.0
    python3 tools/gen_kzg_vectors.py [--setup ../shared/data/trusted_setup.txt]
    python3 tools/gen_kzg_vectors.py --check    # regenerate and compare (comments ignored)
Deterministic: a rerun reproduces the files except the date comment.
"""
import argparse
import datetime
import hashlib
import os
import sys

import ckzg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fk20_reference as ref  # noqa: E402
from fk20_reference import R, N  # noqa: E402

SEED_BASE = 0x75940000          # stream seed of a case = SEED_BASE + its number below
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "kzg", "vectors")
SPARSE_COUNT = 8

try:
    from importlib.metadata import version as _pkg_version
    CKZG_VERSION = _pkg_version("ckzg")
    PY_ECC_VERSION = _pkg_version("py_ecc")
except Exception:  # pragma: no cover
    CKZG_VERSION = PY_ECC_VERSION = "unknown"


def random_blob(seed):
    return [ref.splitmix_fr(seed, e) for e in range(N)]


def sparse_blob(seed):
    """SPARSE_COUNT nonzero elements at distinct positions: position candidates are splitmix64
    outputs 0,1,2,.. mod 4096 (duplicates skipped); values are stream elements 1000+t."""
    elems = [0] * N
    positions = []
    k = 0
    while len(positions) < SPARSE_COUNT:
        pos = ref.splitmix64(seed, k) % N
        k += 1
        if pos not in positions:
            positions.append(pos)
    for t, pos in enumerate(positions):
        v = ref.splitmix_fr(seed, 1000 + t)
        assert v != 0
        elems[pos] = v
    return elems


def low_degree_blob(seed, degree):
    """Evaluations of p(X) = sum c_k X^k (c_k = stream element k, k <= degree) at
    brp(4096th roots of unity, generator 7): c-kzg's blob order."""
    coeffs = [ref.splitmix_fr(seed, k) for k in range(degree + 1)]
    assert coeffs[-1] != 0
    w = ref.root_of_unity(N)
    xs = ref.brp([pow(w, i, R) for i in range(N)])
    return [ref.poly_eval(coeffs, x) for x in xs], coeffs


def valid_cases():
    """[(name, elements, known coefficients or None)] in file order."""
    cases = [
        ("random_0", random_blob(SEED_BASE + 0), None),
        ("random_1", random_blob(SEED_BASE + 1), None),
        ("zeros", [0] * N, [0]),
        ("r_minus_1", [R - 1] * N, [R - 1]),   # a constant polynomial
        ("sparse", sparse_blob(SEED_BASE + 2), None),
    ]
    for num, degree in ((3, 1), (4, 63)):
        elems, coeffs = low_degree_blob(SEED_BASE + num, degree)
        cases.append(("low_degree_%d" % degree, elems, coeffs))
    return cases


def invalid_cases():
    base = random_blob(SEED_BASE + 0)
    out = []
    for name, pos, value in (("element_eq_r", 0, R),
                             ("element_2p256_minus_1", 2048, (1 << 256) - 1),
                             ("last_element_ge_r", N - 1, R + 1)):
        elems = list(base)
        elems[pos] = value
        out.append((name, elems))
    return out


def header(kind):
    return [
        "# gpucheck KZG known answers: %s" % kind,
        "# generator: tools/gen_kzg_vectors.py (ckzg %s, py_ecc %s, Python %s)"
        % (CKZG_VERSION, PY_ECC_VERSION, sys.version.split()[0]),
        "# date: %s" % datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "# trusted setup: the Ethereum KZG ceremony (c-kzg text format), precompute 0",
        "# random_<c>/sparse/low_degree_<d>: splitmix64 streams seeded 0x%08x + case number "
        "(random_0 0, random_1 1, sparse 2, low_degree_1 3, low_degree_63 4);" % SEED_BASE,
        "#   element e = 4 outputs (4e..4e+3), most significant first, top word & 0x3fffffffffffffff",
    ]


def blob_hex(elems):
    return "0x" + "".join(x.to_bytes(32, "big").hex() for x in elems)


def gen_valid(setup, log):
    lines = header("blob_to_kzg_commitment and compute_cells_and_kzg_proofs, 128 cells of 64")
    for name, elems, coeffs in valid_cases():
        blob = ref.elems_to_blob_bytes(elems)
        commitment = ckzg.blob_to_kzg_commitment(blob, setup)
        cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, setup)
        assert len(cells) == 128 and len(proofs) == 128
        assert all(len(c) == 2048 for c in cells) and all(len(p) == 48 for p in proofs)
        # independent check of ckzg's cells (and of the domain convention)
        poly = ref.blob_to_poly(elems)
        if coeffs is not None:
            assert poly == coeffs + [0] * (N - len(coeffs)), name
        ext = ref.extended_evaluations(poly)
        assert b"".join(cells) == ref.elems_to_blob_bytes(ext), name + ": cells differ"
        assert ckzg.verify_cell_kzg_proof_batch([commitment] * 128, list(range(128)), cells,
                                                proofs, setup), name + ": proofs do not verify"
        lines.append("case " + name)
        lines.append("blob " + blob_hex(elems))
        lines.append("commitment 0x" + commitment.hex())
        lines.extend("proof %d 0x%s" % (i, p.hex()) for i, p in enumerate(proofs))
        lines.extend("cell_sha256 %d %s" % (i, hashlib.sha256(c).hexdigest())
                     for i, c in enumerate(cells))
        lines.append("end")
        log("valid %s: ok" % name)
    return lines


def gen_invalid(setup, log):
    lines = header("blobs that blob_to_kzg_commitment and compute_cells_and_kzg_proofs reject")
    for name, elems in invalid_cases():
        blob = b"".join(x.to_bytes(32, "big") for x in elems)
        assert len(blob) == 32 * N
        for fn in (ckzg.blob_to_kzg_commitment, ckzg.compute_cells_and_kzg_proofs):
            try:
                fn(blob, setup)
            except RuntimeError:
                continue
            raise AssertionError("ckzg accepted invalid blob %s (%s)" % (name, fn.__name__))
        lines += ["case " + name, "blob " + blob_hex(elems), "error BADARGS", "end"]
        log("invalid %s: rejected by ckzg" % name)
    return lines


def check_consensus_vectors(setup, vec_dir, log):
    """ckzg and this setup reproduce the consensus vectors (a sanity check of the toolchain)."""
    import glob
    import yaml
    paths = sorted(glob.glob(os.path.join(vec_dir, "*.yaml")))
    assert len(paths) == 11, vec_dir
    for path in paths:
        with open(path) as f:
            doc = yaml.safe_load(f)
        blob = bytes.fromhex(doc["input"]["blob"][2:])
        try:
            cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, setup)
            got = [["0x" + c.hex() for c in cells], ["0x" + p.hex() for p in proofs]]
        except (RuntimeError, ValueError, TypeError):
            got = None
        assert got == doc["output"], path
    log("consensus vectors: ckzg reproduces all %d" % len(paths))


def data_lines(text):
    return [ln for ln in text.splitlines() if not ln.startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--setup", default=ref.default_setup_path())
    ap.add_argument("--out-dir", default=OUT_DIR)
    ap.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    args = ap.parse_args()
    setup = ckzg.load_trusted_setup(args.setup, 0)
    log = lambda s: print(s, file=sys.stderr)  # noqa: E731
    check_consensus_vectors(setup, os.path.join(args.out_dir, "eip7594",
                                                "compute_cells_and_kzg_proofs"), log)
    outputs = {"ckzg_cells.txt": gen_valid(setup, log),
               "ckzg_invalid.txt": gen_invalid(setup, log)}
    bad = 0
    for fname, lines in outputs.items():
        path = os.path.join(args.out_dir, fname)
        text = "\n".join(lines) + "\n"
        if args.check:
            with open(path) as f:
                same = data_lines(f.read()) == data_lines(text)
            print("%s: %s" % (path, "same" if same else "DIFFERS"))
            bad += not same
        else:
            os.makedirs(args.out_dir, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s (%d bytes)" % (path, len(text)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
