#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Inputs for `gpucheck kzg verify-proof | verify-blobs` of any size, from the stored ckzg
2.1.8 verdicts (crypto/kzg/vectors/<call>/cases.txt), and the check of a run's output.

    gen_kzg_verify_cmd_cases.py make KIND LINES IN.jsonl EXPECT.txt
    gen_kzg_verify_cmd_cases.py check EXPECT.txt OUT.jsonl

make: LINES input lines, the stored cases of KIND (verify-proof or verify-blobs) over and
over in file order, and EXPECT.txt, the verdict of each line (true, false or error).
check: every record of OUT.jsonl is its line's verdict, in input order: exit 0, else 1
(the first mismatches printed). The cases are built as tests/kzg_verify_cmd_check.py
builds them.
"""
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def checker():
    spec = importlib.util.spec_from_file_location("kvc", os.path.join(ROOT, "tests", "kzg_verify_cmd_check.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def make(kind, n, in_path, expect_path):
    kvc = checker()
    cases = kvc.read_cases(os.path.join(ROOT, "crypto", "kzg", "vectors", kvc.FILES[kind], "cases.txt"), kind)
    lines = [json.dumps(obj) for _, obj, _ in cases]
    with open(in_path, "w") as f, open(expect_path, "w") as e:
        for i in range(n):
            f.write(lines[i % len(cases)] + "\n")
            w = cases[i % len(cases)][2]
            e.write({True: "true", False: "false"}.get(w, "error") + "\n")
    return 0


def check(expect_path, out_path):
    want = [l.strip() for l in open(expect_path)]
    got = [json.loads(l) for l in open(out_path)]
    bad = []
    if len(got) != len(want):
        bad.append("%d records for %d lines" % (len(got), len(want)))
    for i, (w, r) in enumerate(zip(want, got)):
        v = "error" if "error" in r else ("true" if r.get("valid") is True else "false")
        if r.get("index") != i or v != w:
            bad.append("record %d: %s, want index %d %s" % (i, json.dumps(r)[:160], i, w))
    for b in bad[:10]:
        print("FAIL:", b)
    if not bad:
        print("ok: %d records, each the stored ckzg verdict, in input order" % len(got))
    return 1 if bad else 0


def main():
    a = sys.argv[1:]
    if len(a) == 5 and a[0] == "make" and a[1] in ("verify-proof", "verify-blobs"):
        return make(a[1], int(a[2]), a[3], a[4])
    if len(a) == 3 and a[0] == "check":
        return check(a[1], a[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
