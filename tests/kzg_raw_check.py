#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kzg cells --in-format raw --out-format raw` on known answers, in one run.

The input: the consensus vector valid_1 (cells and proofs known), a blob with every element
>= r (rejected by the library), the all-zero blob (commitment and proofs the point at
infinity, cells zero) and a short last blob of 1,000 bytes (an error at its offset). The
output must be four records of 1 + 48 + 128 * 2048 + 128 * 48 bytes: status 0 and the known
bytes, or status 1 and zero bytes. Then the same input as hex lines with --out-format raw must
give the same bytes (the formats are independent), and the negative control: one byte of
valid_1's cells changed must fail the comparison.

usage: kzg_raw_check.py GPUCHECK VECTORS_DIR
Exit: 0 pass, 1 fail."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from kzg_command_check import load_yaml_vector  # noqa: E402

EXE, VECTORS = sys.argv[1], sys.argv[2]
BLOB = 131072
RECORD = 1 + 48 + 128 * 2048 + 128 * 48
INFINITY = bytes([0xc0]) + bytes(47)
ENV = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "detect_leaks=0:protect_shadow_gap=0"))


def expected_records():
    blob_hex, out = load_yaml_vector(os.path.join(VECTORS, "valid_1.yaml"))
    valid = bytes.fromhex(blob_hex[2:])
    cells = b"".join(bytes.fromhex(c[2:]) for c in out["cells"])
    proofs = b"".join(bytes.fromhex(p[2:]) for p in out["proofs"])
    blobs = [valid, b"\xff" * BLOB, bytes(BLOB)]
    want = [(0, None, cells, proofs), (1, None, None, None), (0, INFINITY, bytes(128 * 2048), INFINITY * 128),
            (1, None, None, None)]
    return blobs, want


def compare(got, want):
    errs = []
    if len(got) != RECORD * len(want):
        return ["output of %d bytes, expected %d records of %d" % (len(got), len(want), RECORD)]
    for i, (status, commitment, cells, proofs) in enumerate(want):
        rec = got[i * RECORD:(i + 1) * RECORD]
        if rec[0] != status:
            errs.append("record %d: status %d, expected %d" % (i, rec[0], status))
        elif status == 1 and rec[1:] != bytes(RECORD - 1):
            errs.append("record %d: a rejected record with non-zero bytes" % i)
        elif status == 0:
            if commitment is not None and rec[1:49] != commitment:
                errs.append("record %d: commitment %s" % (i, rec[1:49].hex()))
            if rec[49:49 + len(cells)] != cells:
                errs.append("record %d: cells differ" % i)
            if rec[49 + len(cells):] != proofs:
                errs.append("record %d: proofs differ" % i)
    return errs


def run(args, data):
    p = subprocess.run([EXE, "kzg", "cells"] + args, input=data, capture_output=True, env=ENV, timeout=1800)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace")


def main():
    blobs, want = expected_records()
    raw_in = b"".join(blobs) + bytes(1000)
    errs = []
    rc, out, err = run(["--in-format", "raw", "--out-format", "raw", "--batch", "2", "-v"], raw_in)
    if rc != 1:
        errs.append("raw in: exit %d, expected 1: %s" % (rc, err[-300:]))
    errs += ["raw in: " + e for e in compare(out, want)]
    hex_in = "".join("0x%s\n" % b.hex() for b in blobs) + "0x12\n"
    rc2, out2, err2 = run(["--out-format", "raw", "--batch", "3"], hex_in.encode())
    if rc2 != 1 or out2 != out:
        errs.append("hex in: exit %d, output %s the raw input's" % (rc2, "equal to" if out2 == out else "unlike"))
    # The negative control: the comparison must see one changed byte of a cell.
    if len(out) == RECORD * len(want):
        bad = bytearray(out)
        bad[49 + 5000] ^= 1
        if not compare(bytes(bad), want):
            errs.append("BROKEN: a changed cell byte passed the comparison")
    for e in errs:
        print("FAIL:", e)
    if not errs:
        print("PASS: 4 raw records (valid_1, a blob >= r, zeros, a short blob) byte for byte, hex input alike")
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
