#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs gpucheck once and asserts what its reports and its process tree say afterwards.

usage: runner_checks.py GPUCHECK [checks...] -- ARGS...

  --exit N                 the exit status must be N
  --max-seconds S          the run must end within S seconds (it is killed at 3 S)
  --expect NAME=OUT[|OUT]  the outcome of NAME in the JSON report
  --log-has NAME=TEXT      NAME's log in the JSON report contains TEXT (--log-lacks: does not)
  --reason-has NAME=TEXT   NAME's reason contains TEXT
  --no-process TEXT        no process whose command line contains TEXT is left afterwards
  --absent PATH            PATH does not exist afterwards
  --stderr-has TEXT        the run's stderr contains TEXT
  --env NAME=VALUE         set in the run's environment
  --no-json                do not add --json (then the --expect family cannot be used)

The JSON report is decoded as strict UTF-8 and the JUnit XML report (always written
beside it) must parse: bytes a test printed must not break either."""
import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from gpucheck_run import Checks, read_report, run
from procs import processes_with


def pairs(items):
    return [tuple(i.split("=", 1)) for i in items or []]


def main():
    sep = sys.argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("exe")
    ap.add_argument("--exit", type=int)
    ap.add_argument("--max-seconds", type=float)
    ap.add_argument("--expect", action="append")
    ap.add_argument("--log-has", action="append")
    ap.add_argument("--log-lacks", action="append")
    ap.add_argument("--reason-has", action="append")
    ap.add_argument("--no-process", action="append")
    ap.add_argument("--absent", action="append")
    ap.add_argument("--stderr-has", action="append")
    ap.add_argument("--env", action="append")
    ap.add_argument("--no-json", action="store_true")
    a = ap.parse_args(sys.argv[1:sep])
    checks = Checks()
    errors = checks.errors
    with tempfile.TemporaryDirectory() as tmp:
        jpath, xpath = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml")
        args = sys.argv[sep + 1:] + ([] if a.no_json else ["--json", jpath, "--junit", xpath])
        t0 = time.monotonic()
        try:
            proc = run(a.exe, args, env=dict(pairs(a.env)), timeout=3 * (a.max_seconds or 200))
        except subprocess.TimeoutExpired:
            print(f"FAIL: {[a.exe] + args} still ran after {3 * (a.max_seconds or 200)} s")
            sys.exit(1)
        seconds = time.monotonic() - t0
        err = proc.stderr
        print(proc.stdout)
        print(err, file=sys.stderr)
        if a.exit is not None and proc.returncode != a.exit:
            errors.append(f"exit status {proc.returncode}, expected {a.exit}")
        if a.max_seconds and seconds > a.max_seconds:
            errors.append(f"the run took {seconds:.1f} s, more than {a.max_seconds} s")
        for text in a.stderr_has or []:
            if text not in err:
                errors.append(f"stderr lacks {text!r}")
        results = {}
        if not a.no_json:
            try:
                results = {r["name"]: r for r in read_report(jpath)["results"]}
                ET.parse(xpath)
            except Exception as e:  # noqa: BLE001 (any failure to parse is the finding)
                errors.append(f"a report does not parse: {e!r}")
        for name, allowed in pairs(a.expect):
            r = results.get(name)
            if r is None:
                errors.append(f"{name} not in the report")
            elif r["outcome"] not in allowed.split("|"):
                errors.append(f"{name} is {r['outcome']} ({r['reason']}), expected {allowed}")
        for flag, want in (("log_has", True), ("log_lacks", False)):
            for name, text in pairs(getattr(a, flag)):
                log = results.get(name, {}).get("log", "")
                if (text in log) != want:
                    errors.append(f"{name}'s log {'lacks' if want else 'has'} {text!r}: {log[-2000:]!r}")
        for name, text in pairs(a.reason_has):
            reason = results.get(name, {}).get("reason", "")
            if text not in reason:
                errors.append(f"{name}'s reason lacks {text!r}: {reason!r}")
    time.sleep(0.2)  # SIGKILL is delivered asynchronously
    for text in a.no_process or []:
        left = processes_with(text)
        if left:
            errors.append(f"processes left behind: {left}")
    for path in a.absent or []:
        if os.path.exists(path):
            errors.append(f"{path} still exists")
    checks.finish()


if __name__ == "__main__":
    main()
