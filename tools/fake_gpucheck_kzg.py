#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A stand-in for `gpucheck kzg cells` built on ckzg, to test tests/test_kzg_differential.py
before the real command exists (and to show that its comparison catches a one-byte change).

    fake_gpucheck_kzg.py kzg cells --in FILE --out FILE [--setup FILE]

Follows the command's contract (issue 12): one blob per line (0x + 262144 hex), blank lines
ignored, a malformed line is that blob's error; JSON Lines out; exit 0, or 1 if any blob was
rejected, 2 for usage errors. FAKE_GPUCHECK_CORRUPT="BLOB:FIELD:ITEM:BYTE" (FIELD one of
commitment, cells, proofs) flips one byte of one output (XOR 0x01), a deliberate bug.
Not in the test path.
"""
import argparse
import json
import os
import sys

import ckzg

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("group", choices=["kzg"])
    ap.add_argument("cmd", choices=["cells"])
    ap.add_argument("--in", dest="inp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--setup", default=os.path.normpath(
        os.path.join(HERE, "..", "..", "shared", "data", "trusted_setup.txt")))
    try:
        args = ap.parse_args()
    except SystemExit:
        return 2
    corrupt = os.environ.get("FAKE_GPUCHECK_CORRUPT")
    if corrupt:
        cb, cf, ci, cbyte = corrupt.split(":")
        cb, ci, cbyte = int(cb), int(ci), int(cbyte)
    setup = ckzg.load_trusted_setup(args.setup, 0)
    with open(args.inp) as f:
        lines = [ln.strip() for ln in f if ln.strip()]
    rejected = 0
    with open(args.out, "w") as out:
        for i, line in enumerate(lines):
            try:
                if not line.startswith("0x") or len(line) != 2 + 262144:
                    raise ValueError("a blob line is 0x and 262144 hex digits")
                blob = bytes.fromhex(line[2:])
            except ValueError as e:
                rec = {"index": i, "error": "BADARGS", "message": str(e)}
            else:
                try:
                    commitment = ckzg.blob_to_kzg_commitment(blob, setup)
                    cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, setup)
                except RuntimeError as e:
                    rec = {"index": i, "error": "BADARGS",
                           "message": "a field element is >= r (%s)" % e}
                else:
                    data = {"commitment": [commitment], "cells": list(cells),
                            "proofs": list(proofs)}
                    if corrupt and cb == i:
                        b = bytearray(data[cf][ci])
                        b[cbyte] ^= 0x01
                        data[cf][ci] = bytes(b)
                    rec = {"index": i, "commitment": "0x" + data["commitment"][0].hex(),
                           "cells": ["0x" + c.hex() for c in data["cells"]],
                           "proofs": ["0x" + p.hex() for p in data["proofs"]]}
            if "error" in rec:
                rejected += 1
            out.write(json.dumps(rec) + "\n")
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
