#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Asserts that a selection lists exactly the named tests, so that tests run one CTest each
(e.g. the FK20 mutants, one process and one kernel build each) cannot leave out a newcomer.

usage: expect_listed.py GPUCHECK FILTER NAME..."""
import json
import subprocess
import sys


def main():
    exe, selection, want = sys.argv[1], sys.argv[2], set(sys.argv[3:])
    p = subprocess.run([exe, "list", "--json", "--filter", selection], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        print(f"FAIL: gpucheck list exited {p.returncode}\n{p.stdout}\n{p.stderr}")
        sys.exit(1)
    got = {t["name"] for t in json.loads(p.stdout)["tests"]}
    ok = True
    for name in sorted(got - want):
        print(f"FAIL: {name} is selected by {selection} but has no CTest of its own")
        ok = False
    for name in sorted(want - got):
        print(f"FAIL: {name} has a CTest but is not registered")
        ok = False
    if ok:
        print(f"ok: {selection} lists the {len(got)} named tests")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
