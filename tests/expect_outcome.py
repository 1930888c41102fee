#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs gpucheck and asserts the outcome of each named test in its JSON report.

usage: expect_outcome.py GPUCHECK EXIT_CODE NAME=OUTCOME[|OUTCOME] ... -- ARGS...

The JSON report is parsed with Python's json module; the exit status must match, and
every NAME must have one of the allowed outcomes. A NAME with a * or ? is a glob: every
result it matches (at least one) must have one of them. OUTCOME CAUGHT is a mutant (a test
built to fail, gc_test.expect) that failed as designed: reported PASS, reason "mutant caught".
Used by tests/harness_selftest.cmake to show that each guard of the harness turns
misbehaviour into the right outcome, and by the suites' tests."""
import fnmatch
import sys
import tempfile

from gpucheck_run import run_with_reports


def matches(result, allowed):
    if allowed == "CAUGHT":
        return result["outcome"] == "PASS" and result["reason"].startswith("mutant caught")
    return result["outcome"] == allowed


def main():
    exe, want_exit = sys.argv[1], int(sys.argv[2])
    sep = sys.argv.index("--")
    expectations = dict(e.split("=", 1) for e in sys.argv[3:sep])
    with tempfile.TemporaryDirectory() as tmp:
        proc, data, _ = run_with_reports(exe, sys.argv[sep + 1:], tmp)
        print(proc.stdout)
        print(proc.stderr, file=sys.stderr)
        ok = True
        if proc.returncode != want_exit:
            print(f"FAIL: exit status {proc.returncode}, expected {want_exit}")
            ok = False
        got = {r["name"]: r for r in data["results"]}
        for pattern, allowed in expectations.items():
            names = fnmatch.filter(got, pattern) if any(c in pattern for c in "*?[") else [pattern]
            names = [n for n in names if n in got]
            if not names:
                print(f"FAIL: {pattern} not in the report")
                ok = False
            for name in names:
                r = got[name]
                if not any(matches(r, a) for a in allowed.split("|")):
                    print(f"FAIL: {name} is {r['outcome']} ({r['reason']}), expected {allowed}")
                    ok = False
                else:
                    print(f"ok: {name} is {r['outcome']}: {r['reason']}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
