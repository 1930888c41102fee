#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs `gpucheck kzg cells` on known answers and checks every record, byte for byte.

usage: kzg_command_check.py GPUCHECK vectors [--consensus DIR NAME,...] [--ckzg FILE CASE,...]
                                             [--cell-size L] [-- EXTRA ARGS]
       kzg_command_check.py GPUCHECK malformed
       kzg_command_check.py GPUCHECK expect EXIT FRAGMENT [--stdin TEXT] -- ARGS

vectors: one input made of the named consensus vectors (DIR/NAME.yaml, compute_cells_and_kzg_proofs:
valid ones give cells and proofs, invalid ones an error: a malformed line or an element >= r) and
the named cases of a ckzg known-answer file (tools/gen_kzg_vectors.py: commitment, proofs and a
SHA-256 per cell), a blank line after the first blob; the case name "zeros@L" is the all-zero blob
at cell size L (cells all zero, every proof and the commitment the point at infinity), which needs
--cell-size L. Every record is compared with its expectation, the exit status must be 1 when some
blob is invalid (else 0). Then the negative control: the command's own output with one byte of
one cell and, separately, of one proof changed must fail the same comparison (else BROKEN).

malformed: lines that are not blobs (no 0x, short, long, a bad digit, upper case 0X with a bad
length), blank and whitespace-only lines: each non-blank line is one error record naming its line,
exit 1, and no device work is needed (no precomputation: the command makes its context on the
first well-formed blob).

expect: runs GPUCHECK ARGS (stdin: TEXT with \\n for newlines, else empty); the exit status must be
EXIT and FRAGMENT must appear in its stdout or stderr.

Exit: 0 pass, 1 fail (the messages say where)."""
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

INFINITY = "0xc0" + "00" * 47


def load_yaml_vector(path):
    import yaml  # PyYAML; the consensus vectors are YAML
    with open(path) as f:
        y = yaml.safe_load(f)
    blob = y["input"]["blob"]
    if y["output"] is None:
        return blob, {"error": True}
    cells, proofs = y["output"]
    return blob, {"cells": [c.lower() for c in cells], "proofs": [p.lower() for p in proofs]}


def load_ckzg_cases(path):
    cases, cur = {}, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            if w[0] == "case":
                cur = cases.setdefault(w[1], {"proofs": {}, "cell_sha256": {}})
            elif w[0] == "blob":
                cur["blob"] = w[1]
            elif w[0] == "commitment":
                cur["commitment"] = w[1].lower()
            elif w[0] == "proof":
                cur["proofs"][int(w[1])] = w[2].lower()
            elif w[0] == "cell_sha256":
                cur["cell_sha256"][int(w[1])] = w[2].lower()
    out = {}
    for name, c in cases.items():
        n = len(c["proofs"])
        out[name] = (c["blob"], {"commitment": c["commitment"], "proofs": [c["proofs"][i] for i in range(n)],
                                 "cell_sha256": [c["cell_sha256"][i] for i in range(n)]})
    return out


def compare(expected, text):
    """Differences between the expected records (a list of dicts) and the output text."""
    errs = []
    lines = text.splitlines()
    if len(lines) != len(expected):
        errs.append("record count: expected %d, got %d" % (len(expected), len(lines)))
    for i, (exp, line) in enumerate(zip(expected, lines)):
        where = "record %d (%s)" % (i, exp["name"])
        try:
            got = json.loads(line)
        except ValueError as e:
            errs.append("%s: not JSON: %s" % (where, e))
            continue
        if got.get("index") != i:
            errs.append("%s: index %r" % (where, got.get("index")))
        if exp.get("error"):
            if got.get("error") != "GC_KZG_BADARGS" or not isinstance(got.get("message"), str):
                errs.append("%s: expected a GC_KZG_BADARGS error record, got %.120s" % (where, line))
            elif exp.get("message_has") and exp["message_has"] not in got["message"]:
                errs.append("%s: message %r lacks %r" % (where, got["message"], exp["message_has"]))
            continue
        if "error" in got:
            errs.append("%s: valid blob rejected: %s %s" % (where, got["error"], got.get("message")))
            continue
        if "commitment" in exp and got.get("commitment") != exp["commitment"]:
            errs.append("%s: commitment %s, expected %s" % (where, got.get("commitment"), exp["commitment"]))
        if not isinstance(got.get("commitment"), str) or len(got["commitment"]) != 98:
            errs.append("%s: commitment is not 48 bytes of hex" % where)
        for field in ("cells", "proofs"):
            want = exp.get(field) if field != "cells" or "cells" in exp else exp["cell_sha256"]
            g = got.get(field)
            if not isinstance(g, list) or len(g) != len(want):
                errs.append("%s: %s: expected a list of %d, got %s" % (
                    where, field, len(want), len(g) if isinstance(g, list) else type(g).__name__))
                continue
            for k, (w, x) in enumerate(zip(want, g)):
                if field == "cells" and "cells" not in exp:
                    ok = isinstance(x, str) and x.startswith("0x") and \
                        hashlib.sha256(bytes.fromhex(x[2:])).hexdigest() == w
                else:
                    ok = x == w
                if not ok:
                    errs.append("%s: %s[%d] differs" % (where, field, k))
    return errs


def mangle(text, field):
    """The output with one byte (two hex digits) of one cell or proof changed."""
    lines = text.splitlines()
    for n, line in enumerate(lines):
        rec = json.loads(line)
        if field in rec:
            items = rec[field]
            k = len(items) // 2
            v = items[k]
            pos = len(v) - 4
            byte = int(v[pos:pos + 2], 16) ^ 0x01
            items[k] = v[:pos] + "%02x" % byte + v[pos + 2:]
            lines[n] = json.dumps(rec)
            return "\n".join(lines) + "\n"
    return None


def run(exe, args, input_text):
    with tempfile.TemporaryDirectory(prefix="gc_kzg_cmd_") as tmp:
        inp, outp = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.jsonl")
        with open(inp, "w") as f:
            f.write(input_text)
        cmd = [exe, "kzg", "cells", "--in", inp, "--out", outp] + args
        print("running: %s" % " ".join(cmd[:3] + ["--in", "IN", "--out", "OUT"] + args), flush=True)
        t = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        print("exit %d in %.1f s; stderr:\n%s" % (p.returncode, time.perf_counter() - t, p.stderr.rstrip()))
        out = open(outp).read() if os.path.exists(outp) else ""
    return p, out


def cmd_vectors(exe, argv):
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    items = []  # (name, blob line, expectation)
    cell_size = 64
    stderr_has = []
    i = 0
    while i < len(argv):
        if argv[i] == "--consensus":
            d, names = argv[i + 1], argv[i + 2].split(",")
            for n in names:
                blob, exp = load_yaml_vector(os.path.join(d, n + ".yaml"))
                items.append((n, blob, exp))
            i += 3
        elif argv[i] == "--ckzg":
            cases = load_ckzg_cases(argv[i + 1])
            for n in argv[i + 2].split(","):
                if n.startswith("zeros@"):
                    cells = 8192 // int(n[6:])
                    exp = {"commitment": INFINITY, "proofs": [INFINITY] * cells,
                           "cells": ["0x" + "00" * (32 * int(n[6:]))] * cells}
                    items.append((n, "0x" + "00" * 131072, exp))
                else:
                    blob, exp = cases[n]
                    items.append((n, blob, exp))
            i += 3
        elif argv[i] == "--stderr-has":
            stderr_has.append(argv[i + 1])
            i += 2
        elif argv[i] == "--cell-size":
            cell_size = int(argv[i + 1])
            extra += ["--cell-size", argv[i + 1]]
            i += 2
        else:
            sys.exit("unknown argument %s" % argv[i])
    lines, expected, line_no = [], [], 0
    for k, (name, blob, exp) in enumerate(items):
        lines.append(blob)
        line_no += 1
        exp = dict(exp, name=name, message_has="line %d:" % line_no)
        expected.append(exp)
        if k == 0:
            lines.append("")  # a blank line: ignored, but counted in line numbers
            line_no += 1
    for e in expected:
        if "cells" in e and len(e["cells"]) != 8192 // cell_size:
            sys.exit("%s: %d cells, but the cell size is %d" % (e["name"], len(e["cells"]), cell_size))
    proc, out = run(exe, extra, "\n".join(lines) + "\n")
    any_invalid = any(e.get("error") for e in expected)
    errs = compare(expected, out)
    if proc.returncode != (1 if any_invalid else 0):
        errs.insert(0, "exit status %d, expected %d" % (proc.returncode, 1 if any_invalid else 0))
    errs += ["stderr does not say %r" % f for f in stderr_has if f not in proc.stderr]
    if errs:
        print("FAIL:\n  " + "\n  ".join(errs[:30]))
        return 1
    for field in ("cells", "proofs"):
        m = mangle(out, field)
        if m is None or not compare(expected, m):
            print("FAIL (BROKEN): one byte of one of the %s changed and the comparison did not notice" % field)
            return 1
    n_err = sum(1 for e in expected if e.get("error"))
    print("PASS: %d blobs (%s): %d computed byte for byte, %d rejected with their line; "
          "negative controls (one cell byte, one proof byte changed) caught"
          % (len(expected), ", ".join(e["name"] for e in expected), len(expected) - n_err, n_err))
    return 0


def cmd_malformed(exe):
    good_len = "0x" + "00" * 131072
    cases = [  # (line, expected message fragment); None: a blank line
        ("00" * 131073, "must start with 0x"),
        (None, None),
        ("0x" + "ab" * 100, "got 200"),
        ("   \t", None),
        ("0x" + "00" * 131072 + "0", "got 262145"),
        (good_len[:1000] + "g" + good_len[1001:], "character 1001 ('g') is not a hex digit"),
        ("0X" + "Ab" * 10, "got 20"),
        ("0x", "got 0"),
        ("0x" + "0" * 262144 * 2, "got 524288"),
        ("hello world", "must start with 0x"),
    ]
    text = "".join((c[0] if c[0] is not None else "") + "\n" for c in cases)
    proc, out = run(exe, [], text)
    recs = [json.loads(x) for x in out.splitlines()]
    errs = []
    want = [(n + 1, frag) for n, (line, frag) in enumerate(cases) if frag]
    if proc.returncode != 1:
        errs.append("exit status %d, expected 1" % proc.returncode)
    if len(recs) != len(want):
        errs.append("%d records, expected %d" % (len(recs), len(want)))
    for i, (rec, (line_no, frag)) in enumerate(zip(recs, want)):
        if rec.get("index") != i or rec.get("error") != "GC_KZG_BADARGS":
            errs.append("record %d: %s" % (i, rec))
        elif not rec.get("message", "").startswith("line %d: " % line_no) or frag not in rec["message"]:
            errs.append("record %d: message %r, expected 'line %d: ...%s...'" % (i, rec.get("message"), line_no, frag))
    if "precomputing" in proc.stderr:
        errs.append("a precomputation ran for an input without a well-formed blob")
    if errs:
        print("FAIL:\n  " + "\n  ".join(errs))
        return 1
    print("PASS: %d malformed lines, %d error records naming their lines, blank lines skipped, exit 1"
          % (len(want), len(recs)))
    return 0


def cmd_expect(exe, argv):
    want, frag = int(argv[0]), argv[1]
    stdin = ""
    rest = argv[2:]
    if rest and rest[0] == "--stdin":
        stdin, rest = rest[1].replace("\\n", "\n"), rest[2:]
    args = rest[rest.index("--") + 1:]
    p = subprocess.run([exe] + args, input=stdin, capture_output=True, text=True)
    where = p.stdout + p.stderr
    print("gpucheck %s: exit %d\nstderr: %s" % (" ".join(args), p.returncode, p.stderr.strip()))
    if p.returncode != want or frag not in where:
        print("FAIL: expected exit %d and %r in the output" % (want, frag))
        return 1
    print("PASS")
    return 0


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    exe, mode = sys.argv[1], sys.argv[2]
    if mode == "vectors":
        return cmd_vectors(exe, sys.argv[3:])
    if mode == "malformed":
        return cmd_malformed(exe)
    if mode == "expect":
        return cmd_expect(exe, sys.argv[3:])
    sys.exit("unknown mode %s" % mode)


if __name__ == "__main__":
    sys.exit(main())
