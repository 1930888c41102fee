#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kzg verify-proof | verify-blobs` against PyPI ckzg 2.1.8's stored verdicts
(crypto/kzg/vectors/<call>/cases.txt, tools/gen_kzg_verify_vectors.py).

    kzg_verify_cmd_check.py GPUCHECK VECTORS_DIR KIND [-- ARGS]

KIND is verify-proof (verify_kzg_proof) or verify-blobs (verify_blob_kzg_proof_batch).
Runs 1: every stored case as JSON Lines (fields as in the consensus test vectors) in file
order, with malformed lines (not JSON, not an object, a field missing, hex of the wrong
size, a bad digit, arrays of lengths that differ) and a blank line among them, with a
--batch that puts several batches in the input: each record must be ckzg's verdict
({"valid": true|false}) or, for a case ckzg refuses and each malformed line, an error
record naming its line; indices in input order; exit 1 (verify-blobs: five one-blob cases
in a row as well, which share calls). Run 2: the answered cases alone, in reverse order (the
one-blob ones first), one batch: exit 0 (an invalid proof is an answer). Negative control: every record
judged against its flipped expectation must fail. ARGS go to both runs (--device ID, say).
Exit 0 pass, 1 fail.
"""
import hashlib
import json
import os
import subprocess
import sys
import time

FILES = {"verify-proof": "verify_kzg_proof", "verify-blobs": "verify_blob_kzg_proof_batch"}
BATCH = {"verify-proof": "4", "verify-blobs": "2"}


def seeded_blob(seed):
    """As tools/gen_kzg_api_vectors.py: element i = SHA-256(seed || i), top two bits clear;
    "zero" the blob of zeros, "const" every element 5 (gen_kzg_verify_vectors.py)."""
    if seed == "zero":
        return bytearray(131072)
    if seed == "const":
        return bytearray(b"".join((5).to_bytes(32, "big") for _ in range(4096)))
    out = bytearray()
    for i in range(4096):
        d = bytearray(hashlib.sha256(seed.encode() + i.to_bytes(4, "big")).digest())
        d[0] &= 0x3F
        out += d
    return out


def read_cases(path, kind):
    """[(name, input object, expected)]: expected True, False or "error"."""
    cases, cur = [], None
    for line in open(path):
        w = line.split()
        if not w or w[0] == "#":
            continue
        if w[0] == "case":
            cur = {"name": w[1], "items": [], "sets": [], "w": w}
        elif w[0] == "item":
            cur["items"].append(w[1:])
        elif w[0] == "set":
            cur["sets"].append(w[1:])
        elif w[0] == "expect":
            want = {"true": True, "false": False}.get(w[1], "error")
            cases.append((cur["name"], build_input(cur, kind), want))
    return cases


def build_input(c, kind):
    if kind == "verify-proof":
        cm, z, y, proof = c["w"][2:6]
        return {"commitment": "0x" + cm, "z": "0x" + z, "y": "0x" + y, "proof": "0x" + proof}
    blobs = [seeded_blob(seed) for seed, _, _ in c["items"]]
    for k, i, v in c["sets"]:
        blobs[int(k)][32 * int(i):32 * int(i) + 32] = bytes.fromhex(v)
    return {"blobs": ["0x" + bytes(b).hex() for b in blobs],
            "commitments": ["0x" + cm for _, cm, _ in c["items"]], "proofs": ["0x" + p for _, _, p in c["items"]]}


def malformed(kind, good):
    """(name, line) pairs c-kzg would refuse before any arithmetic."""
    out = [("not_json", '{"not json'), ("not_object", "[1, 2]")]
    for key in sorted(good):
        out.append(("no_" + key, json.dumps({k: v for k, v in good.items() if k != key})))
    if kind == "verify-proof":
        out.append(("z_31_bytes", json.dumps(dict(good, z=good["z"][:-2]))))
        out.append(("proof_bad_digit", json.dumps(dict(good, proof=good["proof"][:-1] + "g"))))
        out.append(("y_no_0x", json.dumps(dict(good, y=good["y"][2:]))))
    else:
        out.append(("lengths_differ", json.dumps(dict(good, commitments=good["commitments"] * 2))))
        out.append(("blob_short", json.dumps(dict(good, blobs=[b[:-2] for b in good["blobs"]]))))
        out.append(("commitment_bad_digit",
                    json.dumps(dict(good, commitments=[c[:-1] + "x" for c in good["commitments"]]))))
        out.append(("proofs_not_array", json.dumps(dict(good, proofs=good["proofs"][0]))))
    return out


def judge(rec, index, line_no, want):
    """Why rec is not the record of the case (want: True, False or "error"), or None."""
    if rec.get("index") != index:
        return "index %s, want %d" % (rec.get("index"), index)
    if want == "error":
        if rec.get("error") != "GC_KZG_BADARGS" or not rec.get("message", "").startswith("line %d: " % line_no):
            return "want an error record for line %d, got %s" % (line_no, str(rec)[:200])
        return None if set(rec) == {"index", "error", "message"} else "extra fields %s" % sorted(rec)
    if set(rec) != {"index", "valid"} or rec["valid"] is not want:
        return "want valid %s, got %s" % (want, str(rec)[:200])
    return None


def flipped(want):
    return "error" if want is True else (True if want is False else False)


def run(exe, kind, lines, extra, want_exit, plan):
    """Runs the command on lines; checks exit status, every record and its control."""
    t = time.time()
    p = subprocess.run([exe, "kzg", kind] + extra, input="\n".join(lines) + "\n", capture_output=True, text=True)
    secs = time.time() - t
    fails = []
    if p.returncode != want_exit:
        fails.append("exit %d, want %d; stderr: %s" % (p.returncode, want_exit, p.stderr[-400:]))
    recs = [json.loads(l) for l in p.stdout.splitlines()]
    if len(recs) != len(plan):
        fails.append("%d records for %d non-blank lines" % (len(recs), len(plan)))
    for i, ((name, line_no, want), rec) in enumerate(zip(plan, recs)):
        why = judge(rec, i, line_no, want)
        if why:
            fails.append("%s (line %d): %s" % (name, line_no, why))
        elif not judge(rec, i, line_no, flipped(want)):
            fails.append("%s: control: the flipped verdict %s was accepted" % (name, flipped(want)))
    return fails, secs


def main():
    if len(sys.argv) < 4 or sys.argv[3] not in FILES or sys.argv[4:5] not in ([], ["--"]):
        print(__doc__)
        return 2
    exe, vectors, kind = sys.argv[1:4]
    extra = sys.argv[5:]
    cases = read_cases(os.path.join(vectors, FILES[kind], "cases.txt"), kind)
    good = next(c[1] for c in cases if c[2] is True and len(c[1].get("blobs", [0])) == 1)
    bad = malformed(kind, good)
    # run 1: the cases in file order, a malformed line after every other case, a blank line
    lines, plan = [], []
    for k, (name, obj, want) in enumerate(cases):
        lines.append(json.dumps(obj))
        plan.append((name, len(lines), want))
        if k % 2 == 0 and k // 2 < len(bad):
            lines.append(bad[k // 2][1])
            plan.append((bad[k // 2][0], len(lines), "error"))
        if k == 2:
            lines.append("   ")
    # verify-blobs: one-blob cases next to each other share one call (verify_blob_kzg_proof
    # with a status each): five in a row, refused ones among them, make runs in any batching
    singles = [c for c in cases if kind == "verify-blobs" and len(c[1]["blobs"]) == 1]
    for k in range(5 if singles else 0):
        name, obj, want = singles[k % len(singles)]
        lines.append(json.dumps(obj))
        plan.append((name, len(lines), want))
    for name, line in bad[(len(cases) + 1) // 2:]:
        lines.append(line)
        plan.append((name, len(lines), "error"))
    fails, t1 = run(exe, kind, lines, ["--batch", BATCH[kind]] + extra, 1, plan)
    # run 2: the answered cases alone, reversed, all in one batch: exit 0
    answered = [(n, o, w) for n, o, w in reversed(cases) if w != "error"]
    # one-blob cases first: the cases after their shared call must find their own blobs
    answered.sort(key=lambda c: kind != "verify-blobs" or len(c[1]["blobs"]) != 1)
    f2, t2 = run(exe, kind, [json.dumps(o) for _, o, _ in answered], ["--batch", "64"] + extra, 0,
                 [(n, i + 1, w) for i, (n, _, w) in enumerate(answered)])
    fails += ["run 2: " + f for f in f2]
    for f in fails:
        print("FAIL:", f)
    if not fails:
        n_err = sum(1 for _, _, w in plan if w == "error")
        print("ok: gpucheck kzg %s: %d verdicts are ckzg's (%d true, %d false), %d lines refused, order kept, "
              "exit 1 then 0, controls caught (%.1f s + %.1f s)" %
              (kind, len(plan) - n_err, sum(1 for *_, w in plan if w is True),
               sum(1 for *_, w in plan if w is False), n_err, t1, t2))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
