#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Times `gpucheck kzg cells` file to file, the way a user runs it: N random blobs (every
field element uniform below r, so none is rejected), written once as hex lines and as raw
bytes, then for each format pair one run from the input file to an output file, with -v so
that the precomputation's time can be taken off. Prints one line per run:

  FORMAT  wall S s  precomputation P ms  after it X ms per blob  output B bytes

and below it the command's own -v timing lines (the streaming time alone, and each stage's
busy time).

usage: tools/time_kzg_cells.py GPUCHECK [--blobs N] [--dir DIR] [--runs hex:jsonl,raw:raw]
                               [-- EXTRA ARGS for kzg cells, e.g. --device cuda:0]"""
import argparse
import os
import random
import re
import subprocess
import sys
import time

R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001


def make_inputs(d, n, seed=1):
    rng = random.Random(seed)
    hex_path, raw_path = os.path.join(d, "blobs_%d.txt" % n), os.path.join(d, "blobs_%d.bin" % n)
    if os.path.exists(hex_path) and os.path.exists(raw_path):
        return hex_path, raw_path
    with open(hex_path, "w") as h, open(raw_path, "wb") as b:
        for _ in range(n):
            blob = b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(4096))
            b.write(blob)
            h.write("0x" + blob.hex() + "\n")
    return hex_path, raw_path


def main():
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser()
    ap.add_argument("gpucheck")
    ap.add_argument("--blobs", type=int, default=1024)
    ap.add_argument("--dir", default=".")
    ap.add_argument("--runs", default="hex:jsonl,raw:raw")
    a = ap.parse_args(argv)
    os.makedirs(a.dir, exist_ok=True)
    hex_path, raw_path = make_inputs(a.dir, a.blobs)
    for run in a.runs.split(","):
        fin, fout = run.split(":")
        out = os.path.join(a.dir, "out_%d.%s" % (a.blobs, "jsonl" if fout == "jsonl" else "bin"))
        cmd = [a.gpucheck, "kzg", "cells", "--in", hex_path if fin == "hex" else raw_path, "--in-format", fin,
               "--out", out, "--out-format", fout, "-v"] + extra
        # A new output file each run: replacing one adds the filesystem's freeing of the old
        # file at the rename (0.1-0.2 s for 274 MB on the H200 machine), which is not ours.
        if os.path.exists(out):
            os.remove(out)
        t0 = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - t0
        if p.returncode != 0:
            print("%s: exit %d: %s" % (run, p.returncode, p.stderr[-500:]))
            return 1
        pre = sum(float(m) for m in re.findall(r"precomputation [0-9.]+ MiB in ([0-9.]+) ms", p.stderr))
        made = re.search(r"contexts made in ([0-9.]+) ms", p.stderr)
        pre_ms = float(made.group(1)) if made else pre
        print("%-10s wall %.2f s  precomputation %.0f ms  after it %.3f ms per blob  output %d bytes" %
              (run, wall, pre_ms, (wall * 1e3 - pre_ms) / a.blobs, os.path.getsize(out)))
        # The command's own account (-v): streaming alone, and each stage's busy time.
        for m in re.finditer(r"kzg cells: ([0-9]+ ms before the first blob.*|stages busy.*)", p.stderr):
            print("%-10s   %s" % ("", m.group(1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
