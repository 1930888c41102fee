#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kzg recover | compute-proof | blob-proof` against PyPI ckzg 2.1.8's stored
answers (crypto/kzg/vectors/<call>/cases.txt, tools/gen_kzg_api_vectors.py).

    kzg_proof_cmd_check.py GPUCHECK VECTORS_DIR KIND CASE [CASE ...]

KIND is recover, compute-proof or blob-proof; each CASE names a stored case (accepted or
refused). The input is those cases as JSON Lines (fields as in the consensus test vectors)
with a line that is not JSON after the first; each record must be ckzg's answer or, for a
refused case and the malformed line, an error record; the exit status must be 1 (a line
refused). Negative control: every answer compared with a mangled copy of its expected
record must mismatch. Exit 0 pass, 1 fail.
"""
import hashlib
import json
import os
import subprocess
import sys

FILES = {"recover": "recover_cells_and_kzg_proofs", "compute-proof": "compute_kzg_proof",
         "blob-proof": "compute_blob_kzg_proof"}


def seeded_blob(seed):
    if seed == "zero":
        return bytearray(131072)
    out = bytearray()
    for i in range(4096):
        d = bytearray(hashlib.sha256(seed.encode() + i.to_bytes(4, "big")).digest())
        d[0] &= 0x3F
        out += d
    return out


def seeded_cells(seed, n):
    cells = []
    for k in range(n):
        c = bytearray()
        for j in range(64):
            d = bytearray(hashlib.sha256(seed.encode() + k.to_bytes(4, "big") + j.to_bytes(4, "big")).digest())
            d[0] &= 0x3F
            c += d
        cells.append(c)
    return cells


def read_cases(path, kind):
    """name -> (input object, expected): expected None for a refused case."""
    cases, cur = {}, None
    for line in open(path):
        w = line.split()
        if not w or w[0] == "#":
            continue
        if w[0] == "case":
            cur = {"name": w[1], "sets": []}
            if kind == "recover":
                cur["n"], cur["seed"], cur["cells"] = int(w[2]), w[3], []
            else:
                cur["seed"], cur["arg"] = w[2], w[3]
        elif w[0] == "indices":
            cur["indices"] = [] if w[1] == "-" else [int(x) for x in w[1].split(",")]
        elif w[0] == "cell":
            cur["cells"].append(bytearray.fromhex(w[1]))
        elif w[0] == "set":
            cur["sets"].append(w[1:])
        elif w[0] == "expect":
            cases[cur["name"]] = (build_input(cur, kind), expected(w, kind))
    return cases


def build_input(c, kind):
    if kind == "recover":
        cells = c["cells"] if c["seed"] == "-" else seeded_cells(c["seed"], c["n"])
        for k, j, v in c["sets"]:
            cells[int(k)][32 * int(j):32 * int(j) + 32] = bytes.fromhex(v)
        return {"cell_indices": c["indices"], "cells": ["0x" + bytes(x).hex() for x in cells]}
    blob = seeded_blob(c["seed"])
    for i, v in c["sets"]:
        blob[32 * int(i):32 * int(i) + 32] = bytes.fromhex(v)
    return {"blob": "0x" + bytes(blob).hex(), ("z" if kind == "compute-proof" else "commitment"): "0x" + c["arg"]}


def expected(w, kind):
    if w[1] == "error":
        return None
    if kind == "recover":
        return {"cells_sha256": w[2], "proofs_sha256": w[3], "proof0": w[4]}
    e = {"proof": "0x" + w[2]}
    if kind == "compute-proof":
        e["y"] = "0x" + w[3]
    return e


def mismatch(kind, rec, want):
    """Why rec is not the answer want, or None."""
    if "error" in rec:
        return "an error record: %s" % rec.get("message")
    if kind != "recover":
        got = {k: rec.get(k) for k in want}
        return None if got == want and set(rec) == set(want) | {"index"} else "got %s" % got
    cells, proofs = rec.get("cells", []), rec.get("proofs", [])
    if len(cells) != 128 or len(proofs) != 128:
        return "%d cells and %d proofs" % (len(cells), len(proofs))
    got = {"cells_sha256": hashlib.sha256(b"".join(bytes.fromhex(c[2:]) for c in cells)).hexdigest(),
           "proofs_sha256": hashlib.sha256(b"".join(bytes.fromhex(p[2:]) for p in proofs)).hexdigest(),
           "proof0": proofs[0][2:]}
    return None if got == want else "got %s" % got


def mangled(want):
    k = sorted(want)[0]
    v = want[k]
    return dict(want, **{k: v[:-1] + ("0" if v[-1] != "0" else "1")})


def main():
    if len(sys.argv) < 5 or sys.argv[3] not in FILES:
        print(__doc__)
        return 2
    exe, vectors, kind, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    cases = read_cases(os.path.join(vectors, FILES[kind], "cases.txt"), kind)
    missing = [n for n in names if n not in cases]
    if missing:
        print("FAIL: no stored case %s" % missing)
        return 1
    lines = [json.dumps(cases[n][0]) for n in names]
    lines.insert(1, '{"not json')  # refused before the device; the index after it moves on
    plan = names[:1] + [None] + names[1:]
    p = subprocess.run([exe, "kzg", kind], input="\n".join(lines) + "\n", capture_output=True, text=True)
    fails = []
    if p.returncode != 1:
        fails.append("exit %d, want 1 (a line refused); stderr: %s" % (p.returncode, p.stderr[-400:]))
    recs = [json.loads(l) for l in p.stdout.splitlines()]
    if len(recs) != len(plan):
        fails.append("%d records for %d lines" % (len(recs), len(plan)))
    answered = 0
    for i, (name, rec) in enumerate(zip(plan, recs)):
        want = cases[name][1] if name else None
        if rec.get("index") != i:
            fails.append("record %d has index %s" % (i, rec.get("index")))
        if want is None:
            if rec.get("error") != "GC_KZG_BADARGS" or "line %d:" % (i + 1) not in rec.get("message", ""):
                fails.append("%s: want an error record for line %d, got %s" % (name, i + 1, str(rec)[:200]))
            continue
        why = mismatch(kind, rec, want)
        if why:
            fails.append("%s: not ckzg's answer: %s" % (name, why[:300]))
        elif not mismatch(kind, rec, mangled(want)):
            fails.append("%s: control: a mangled expected record matched" % name)
        answered += 1
    for f in fails:
        print("FAIL:", f)
    if not fails:
        print("ok: gpucheck kzg %s: %d answers are ckzg's, %d lines refused, controls mismatch" %
              (kind, answered, len(plan) - answered))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
