#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Differential test: `gpucheck kzg cells` against c-kzg-4844 (PyPI ckzg) on fresh random blobs.

    test_kzg_differential.py GPUCHECK [--blobs K] [--seed S] [--setup FILE]
                             [--timeout SEC] [--expect-error NAME] [-- EXTRA GPUCHECK ARGS]

Makes K fresh random blobs (every element uniform in [0, r), seed from --seed or the clock,
printed so a failure can be replayed), one invalid blob (an element >= r at a random position,
at a random index of the batch) and a blank line (ignored by the command), runs
    GPUCHECK kzg cells --in IN --out OUT [EXTRA...]
and compares every record with ckzg (precompute 0): commitment, 128 cells, 128 proofs for the
valid blobs; {"error": NAME} for the invalid one (NAME must equal --expect-error, default
BADARGS, or end with "_BADARGS"); exit status 1 (a blob was rejected). Index i is the blob's
0-based position among the non-blank input lines.

Negative control: the command's own output, with one hex digit of one proof changed, must then
fail the same comparison; if it does not, the comparison is broken and the test fails.

Exit: 0 pass, 1 fail (a diff message names the blob, the field and the position),
77 skip (ckzg not importable, or no trusted setup file found), with the reason printed.

CTest (the command line the build registers):
    add_test(NAME kzg_differential COMMAND ${Python3_EXECUTABLE}
             ${CMAKE_SOURCE_DIR}/tests/test_kzg_differential.py $<TARGET_FILE:gpucheck>)
    set_tests_properties(kzg_differential PROPERTIES SKIP_RETURN_CODE 77)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
N_ELEMS = 4096
N_CELLS = 128
SKIP = 77


def find_setup(explicit):
    if explicit:
        return explicit if os.path.isfile(explicit) else None
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.normpath(os.path.join(here, ".."))
    candidates = [os.environ.get("GC_KZG_TRUSTED_SETUP", ""),
                  os.path.join(root, "crypto", "kzg", "trusted_setup.txt"),
                  os.path.join(root, "data", "trusted_setup.txt"),
                  os.path.join(root, "..", "shared", "data", "trusted_setup.txt")]
    for c in candidates:
        if c and os.path.isfile(c):
            return c
    return None


def make_blobs(seed, count):
    """count valid random blobs and one invalid one; returns (blobs as bytes, invalid index)."""
    rng = random.Random(seed)
    blobs = [b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(N_ELEMS))
             for _ in range(count)]
    bad = bytearray(blobs[0] if blobs else bytes(32 * N_ELEMS))
    pos = rng.randrange(N_ELEMS)
    bad[32 * pos:32 * pos + 32] = rng.randrange(R, 1 << 256).to_bytes(32, "big")
    bad_index = rng.randrange(count + 1)
    blobs.insert(bad_index, bytes(bad))
    return blobs, bad_index


def expected_records(blobs, setup, ckzg):
    out = []
    for i, blob in enumerate(blobs):
        try:
            commitment = ckzg.blob_to_kzg_commitment(blob, setup)
            cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, setup)
        except RuntimeError as e:
            out.append({"index": i, "error": "BADARGS", "message": str(e)})
            continue
        out.append({"index": i, "commitment": "0x" + commitment.hex(),
                    "cells": ["0x" + c.hex() for c in cells],
                    "proofs": ["0x" + p.hex() for p in proofs]})
    return out


def short(s, n=40):
    return s if len(s) <= n else s[:n] + "..(%d chars)" % len(s)


def first_diff(a, b):
    for k, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return k
    return min(len(a), len(b))


def compare(expected, output_text, expect_error):
    """All differences between the expected records and the command's JSON Lines, as messages
    (an empty list means equal)."""
    errs = []
    lines = [ln for ln in output_text.splitlines() if ln.strip()]
    if len(lines) != len(expected):
        errs.append("record count: expected %d, got %d" % (len(expected), len(lines)))
    for ln_no, (exp, line) in enumerate(zip(expected, lines)):
        where = "record %d" % ln_no
        try:
            got = json.loads(line)
        except ValueError as e:
            errs.append("%s: not JSON (%s): %s" % (where, e, short(line, 80)))
            continue
        if not isinstance(got, dict):
            errs.append("%s: not a JSON object" % where)
            continue
        if got.get("index") != exp["index"]:
            errs.append("%s: index expected %d, got %r" % (where, exp["index"], got.get("index")))
        where = "blob %d" % exp["index"]
        if "error" in exp:
            name = got.get("error")
            if not isinstance(name, str) or not (name == expect_error
                                                  or name.endswith("_" + expect_error)):
                errs.append("%s: expected error %s (invalid blob), got %s" % (
                    where, expect_error, short(json.dumps(got), 120)))
            elif not isinstance(got.get("message"), str):
                errs.append("%s: error record without a message string" % where)
            continue
        if "error" in got:
            errs.append("%s: valid blob rejected: %s %s" % (where, got.get("error"),
                                                            got.get("message")))
            continue
        if got.get("commitment") != exp["commitment"]:
            errs.append("%s: commitment expected %s, got %s" % (
                where, exp["commitment"], got.get("commitment")))
        for field in ("cells", "proofs"):
            g = got.get(field)
            if not isinstance(g, list) or len(g) != N_CELLS:
                errs.append("%s: %s must be a list of %d, got %s" % (
                    where, field, N_CELLS, type(g).__name__ if not isinstance(g, list)
                    else "%d entries" % len(g)))
                continue
            for k, (e, x) in enumerate(zip(exp[field], g)):
                if e != x:
                    if not isinstance(x, str):
                        errs.append("%s: %s[%d] is not a string" % (where, field, k))
                        continue
                    d = first_diff(e, x)
                    errs.append("%s: %s[%d] differs at hex char %d: expected ..%s.., got ..%s.."
                                % (where, field, k, d, e[max(0, d - 8):d + 8],
                                   x[max(0, d - 8):d + 8]))
    return errs


def mangle_one_digit(output_text):
    """The command's output with one hex digit of one proof changed (the negative control)."""
    lines = output_text.splitlines()
    for n, line in enumerate(lines):
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and isinstance(rec.get("proofs"), list) and rec["proofs"]:
            p = rec["proofs"][len(rec["proofs"]) // 2]
            k = len(p) - 5
            swapped = p[:k] + ("1" if p[k] != "1" else "2") + p[k + 1:]
            lines[n] = line.replace(p, swapped, 1)
            return "\n".join(lines) + "\n"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("gpucheck", help="path to the gpucheck binary (or any compatible command)")
    ap.add_argument("--blobs", type=int, default=4, help="fresh random valid blobs (default 4)")
    ap.add_argument("--seed", type=lambda s: int(s, 0), default=None)
    ap.add_argument("--setup", help="trusted setup for ckzg (default: the project's copy)")
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--expect-error", default="BADARGS")
    argv = sys.argv[1:]
    extra = []
    if "--" in argv:   # everything after "--" goes to the command
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    args = ap.parse_args(argv)

    try:
        import ckzg
    except ImportError as e:
        print("SKIP: ckzg (PyPI c-kzg-4844 bindings) cannot be imported: %s; "
              "pip install ckzg==2.1.8 to run this test" % e)
        return SKIP
    setup_path = find_setup(args.setup)
    if setup_path is None and args.setup:
        print("FAIL: --setup %s: no such file" % args.setup)
        return 1
    if setup_path is None:
        print("SKIP: no trusted setup file found for ckzg (give --setup FILE or set "
              "GC_KZG_TRUSTED_SETUP)")
        return SKIP
    try:
        from importlib.metadata import version
        ckzg_version = version("ckzg")
    except Exception:
        ckzg_version = "(version unknown)"
    seed = args.seed if args.seed is not None else time.time_ns() & ((1 << 64) - 1)
    print("seed 0x%x (replay with --seed 0x%x), %d valid blobs + 1 invalid, setup %s"
          % (seed, seed, args.blobs, setup_path), flush=True)
    setup = ckzg.load_trusted_setup(setup_path, 0)
    blobs, bad_index = make_blobs(seed, args.blobs)
    expected = expected_records(blobs, setup, ckzg)
    assert "error" in expected[bad_index], "ckzg accepted the invalid blob"
    assert sum("error" in e for e in expected) == 1

    with tempfile.TemporaryDirectory(prefix="gc_kzg_diff_") as tmp:
        in_path = os.path.join(tmp, "blobs.txt")
        out_path = os.path.join(tmp, "out.jsonl")
        with open(in_path, "w") as f:
            for i, blob in enumerate(blobs):
                f.write("0x" + blob.hex() + "\n")
                if i == 0:
                    f.write("\n")          # a blank line: the command must ignore it
        cmd = [args.gpucheck, "kzg", "cells", "--in", in_path, "--out", out_path] + extra
        print("running: " + " ".join(cmd), flush=True)
        t = time.perf_counter()
        try:
            proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=args.timeout)
        except (OSError, subprocess.TimeoutExpired) as e:
            print("FAIL: could not run the command: %s" % e)
            return 1
        wall = time.perf_counter() - t
        if not os.path.exists(out_path):
            print("FAIL: exit %d and no output file; stderr:\n%s"
                  % (proc.returncode, proc.stderr.decode(errors="replace")[-2000:]))
            return 1
        with open(out_path) as f:
            output = f.read()

    errs = compare(expected, output, args.expect_error)
    if proc.returncode != 1:
        errs.insert(0, "exit status expected 1 (one blob rejected), got %d" % proc.returncode)
    if errs:
        print("FAIL: %d difference(s) between gpucheck and ckzg %s (seed 0x%x):"
              % (len(errs), ckzg_version, seed))
        for e in errs[:20]:
            print("  " + e)
        if len(errs) > 20:
            print("  ... and %d more" % (len(errs) - 20))
        tail = proc.stderr.decode(errors="replace").strip()
        if tail:
            print("command stderr (tail):\n" + tail[-2000:])
        return 1

    mangled = mangle_one_digit(output)
    if mangled is None or not compare(expected, mangled, args.expect_error):
        print("FAIL (BROKEN): the negative control, one proof digit changed, was not caught")
        return 1
    print("PASS: %d blobs (%d valid, 1 invalid at index %d) equal ckzg: commitments, %d cells "
          "and %d proofs each; command %.2fs; negative control caught"
          % (len(blobs), len(blobs) - 1, bad_index, N_CELLS, N_CELLS, wall))
    return 0


if __name__ == "__main__":
    sys.exit(main())
