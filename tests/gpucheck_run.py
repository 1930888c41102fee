# SPDX-License-Identifier: Apache-2.0
"""gpucheck run from the CLI checks (tests/*.py) and its reports read back, one way for all:

  run(exe, args, env=, timeout=)           the process, its environment this one plus env,
                                           stdout and stderr as text (bytes that are not
                                           UTF-8 replaced: a test's odd output is the
                                           report's business, not the check's)
  run_with_reports(exe, args, tmp, junit=)  the same with --json (and --junit) into tmp:
                                           (process, JSON report, JUnit root or None)
  read_report(path)                        a JSON report, decoded as strict UTF-8
  Checks                                   failed expectations collected, then printed
                                           and turned into the exit status"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET


def run(exe, args, env=None, timeout=None):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([exe] + list(args), capture_output=True, text=True, errors="replace", env=e,
                          timeout=timeout)


def read_report(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def run_with_reports(exe, args, tmp, junit=False, env=None, timeout=None):
    jpath, xpath = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml")
    proc = run(exe, list(args) + ["--json", jpath] + (["--junit", xpath] if junit else []), env, timeout)
    return proc, read_report(jpath), ET.parse(xpath).getroot() if junit else None


class Checks:
    def __init__(self):
        self.errors = []

    def expect(self, cond, what):
        """Notes `what` as a failure unless cond; returns cond."""
        if not cond:
            self.errors.append(what)
        return cond

    def finish(self, ok_text="ok"):
        """Prints each failure and the verdict; exits 1 on a failure, else 0."""
        for e in self.errors:
            print("FAIL:", e)
        print(ok_text if not self.errors else f"{len(self.errors)} check(s) failed")
        sys.exit(1 if self.errors else 0)
