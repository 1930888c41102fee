#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The JSON, JUnit XML and TAP reports parse with real parsers and agree with the console.

usage: check_reports.py GPUCHECK ARGS...   (ARGS select the tests, e.g. run --filter ...)"""
import re
import sys
import tempfile

from gpucheck_run import Checks, run, run_with_reports


def main():
    exe, args = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        console, data, junit = run_with_reports(exe, args, tmp, junit=True)
        tap = run(exe, args + ["--tap"])

    checks = Checks()
    errors = checks.errors
    last = console.stdout.strip().splitlines()[-1]
    # The outcomes that count neither as passed nor as failed besides SKIP follow the three
    # counts when they occurred, each named (", 2 measured, 1 unvalidated").
    m = re.fullmatch(r"(\d+) passed, (\d+) failed, (\d+) skipped((?:, \d+ [a-z]+)*)", last)
    if not m:
        errors.append(f"console's last line is not the summary: {last!r}")
        m = re.match(r"()()()()", "")
    passed, failed, skipped = (int(x) if x else -1 for x in m.groups()[:3])
    neither = {k.upper(): int(v) for v, k in re.findall(r", (\d+) ([a-z]+)", m.group(4) or "")}
    s = data["summary"]
    if (s["passed"], s["failed"], s["skipped"]) != (passed, failed, skipped):
        errors.append(f"JSON summary {s} disagrees with console {last!r}")
    outcomes = [r["outcome"] for r in data["results"]]
    if outcomes.count("PASS") != passed or outcomes.count("SKIP") != skipped:
        errors.append("JSON results disagree with the console counts")
    for name in ("MEASURED", "UNVALIDATED"):
        if outcomes.count(name) != neither.get(name, 0) or s.get(name, 0) != neither.get(name, 0):
            errors.append(f"{name}: JSON results {outcomes.count(name)}, JSON summary {s.get(name)}, "
                          f"console {neither.get(name, 0)}")
    not_failed = skipped + sum(neither.values())  # counted neither way: SKIP, MEASURED, UNVALIDATED
    if data["seed"] is None or "device" not in data or not data["device"].get("id"):
        errors.append("JSON lacks the seed or the device")

    # One testsuite per device of the run.
    cases = [c for suite in junit.findall("testsuite") for c in suite.findall("testcase")]
    if len(cases) != len(data["results"]):
        errors.append(f"JUnit has {len(cases)} cases, JSON {len(data['results'])}")
    j_skipped = sum(1 for c in cases if c.find("skipped") is not None)
    j_bad = sum(1 for c in cases if c.find("failure") is not None or c.find("error") is not None)
    if (j_skipped, j_bad) != (not_failed, failed):
        errors.append(f"JUnit skipped/failed {j_skipped}/{j_bad} vs console {not_failed}/{failed}")
    if int(junit.get("tests")) != len(cases):
        errors.append("JUnit tests attribute is wrong")

    lines = tap.stdout.splitlines()
    if lines[:1] != ["TAP version 14"]:
        errors.append("TAP does not start with 'TAP version 14'")
    plan = [l for l in lines if re.fullmatch(r"1\.\.\d+", l)]
    points = [l for l in lines if re.match(r"(not )?ok \d+ - ", l)]
    if not plan or int(plan[0][3:]) != len(points):
        errors.append("TAP plan does not match its test points")
    t_ok = sum(1 for l in points if l.startswith("ok ") and "# SKIP" not in l)
    t_skip = sum(1 for l in points if "# SKIP" in l)
    t_bad = sum(1 for l in points if l.startswith("not ok"))
    if (t_ok, t_skip, t_bad) != (passed, not_failed, failed):
        errors.append(f"TAP ok/skip/not-ok {t_ok}/{t_skip}/{t_bad} vs console {passed}/{not_failed}/{failed}")
    if tap.returncode != console.returncode:
        errors.append("exit status differs between --tap and the console run")

    checks.finish(f"console: {last}; JSON, JUnit ({len(cases)} cases) and TAP ({len(points)} points) agree")


if __name__ == "__main__":
    main()
