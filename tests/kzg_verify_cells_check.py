# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kzg verify-cells` against PyPI ckzg 2.1.8's verdicts (crypto/kzg/vectors/
verify_cell_kzg_proof_batch.txt, tools/gen_verify_cell_vectors.py): every stored batch as a
JSON line, plus lines c-kzg's bindings refuse (not JSON, lengths that differ, short hex) and
a blank line; the records must be ckzg's verdicts in input order, exit 1 (a line refused).
Then the answered batches alone (exit 0) and a usage error (exit 2).

usage: kzg_verify_cells_check.py GPUCHECK VECTORS_DIR"""
import json
import os
import subprocess
import sys


def load_cases(path):
    defs, cases = {}, []
    for line in open(path):
        w = line.split()
        if not w or w[0].startswith("#") or w[0] == "end":
            continue
        if w[0] == "cell_def":
            defs[w[1]] = w[2]
        elif w[0] == "case":
            cases.append({"name": w[1], "commitments": [], "cell_indices": [], "cells": [], "proofs": []})
        elif w[0] == "cell":
            c = cases[-1]
            c["commitments"].append("0x" + w[1])
            c["cell_indices"].append(int(w[2]))
            c["proofs"].append("0x" + w[3])
            c["cells"].append("0x" + defs[w[4]])
        elif w[0] == "expect":
            cases[-1]["expect"] = w[1]
    return cases


def run(exe, lines, args=()):
    p = subprocess.run([exe, "kzg", "verify-cells", *args], input="".join(lines), capture_output=True, text=True)
    return p.returncode, [json.loads(x) for x in p.stdout.splitlines()], p.stderr


def main():
    exe, vectors = sys.argv[1], sys.argv[2]
    cases = load_cases(os.path.join(vectors, "verify_cell_kzg_proof_batch.txt"))
    fields = ("commitments", "cell_indices", "cells", "proofs")
    lines = [json.dumps({k: c[k] for k in fields}) + "\n" for c in cases]
    want = [c["expect"] for c in cases]
    v = cases[0]
    extra = [("not json", "{\"commitments\": [\n"),
             ("lengths differ", json.dumps({"commitments": v["commitments"][:1], "cell_indices": [],
                                            "cells": [], "proofs": []}) + "\n"),
             ("short hex", json.dumps({"commitments": [v["commitments"][0][:-2]], "cell_indices": [0],
                                       "cells": [v["cells"][0]], "proofs": [v["proofs"][0]]}) + "\n")]
    failures = []
    assert {"true", "false", "badargs"} <= set(want), "the stored verdicts lack a kind: the check proves little"
    rc, recs, err = run(exe, lines[:3] + ["\n"] + lines[3:] + [x for _, x in extra])
    got = ["badargs" if "error" in r else str(r.get("valid")).lower() for r in recs]
    if rc != 1:
        failures.append(f"exit {rc}, expected 1 (lines refused): {err}")
    if [r["index"] for r in recs] != list(range(len(cases) + len(extra))):
        failures.append(f"indices {[r['index'] for r in recs]}")
    for i, (g, w) in enumerate(zip(got, want + ["badargs"] * len(extra))):
        if g != w:
            name = cases[i]["name"] if i < len(cases) else extra[i - len(cases)][0]
            failures.append(f"line {i} ({name}): {g}, ckzg {w}")
    answered = [x for x, w in zip(lines, want) if w != "badargs"]
    rc, recs, err = run(exe, answered)
    if rc != 0 or len(recs) != len(answered):
        failures.append(f"answered lines alone: exit {rc} with {len(recs)} records, expected 0 and {len(answered)}")
    rc, _, err = run(exe, [], ["--no-such-option"])
    if rc != 2:
        failures.append(f"an unknown option: exit {rc}, expected 2")
    for f in failures:
        print("FAIL", f)
    print(f"{len(cases)} stored batches and {len(extra)} refused lines: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
