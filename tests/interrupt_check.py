#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A run stopped by a signal keeps what finished and leaves nothing behind.

usage: interrupt_check.py GPUCHECK MODE     MODE: sigint | sigterm | sighup | double | parallel

sigint/sigterm/sighup: runs runner_selftest.interrupt_a_passes (at once) and interrupt_b_sleeps
(30 s, with a child process); waits until the console, a pipe, shows the first test's line
(streaming), sends the signal, then checks: the exit status (130/143/129) within seconds;
the JSON and JUnit reports parse and hold the finished test (PASS) and the interrupted one
(INTERRUPTED); no process of the test remains.
double: --no-fork (the test cannot be cut short), two SIGINTs: the run exits at once, 130.
parallel: the same as sigint on two devices at once (PoCL's POCL_DEVICES="pthread pthread"):
waits until both devices' first test has finished, so that interrupt_b_sleeps runs on both,
each with its own child process; then SIGINT: both are INTERRUPTED, every process of both
is gone, and the reports keep device order. Exits 77 (skipped) where PoCL does not give
the two devices."""
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

from gpucheck_run import Checks, read_report
from procs import processes_with

SIGNALS = {"sigint": signal.SIGINT, "sigterm": signal.SIGTERM, "sighup": signal.SIGHUP}


def wait_for_line(proc, text, seconds, times=1):
    """Lines of stdout until text has come `times` times (None on timeout or end)."""
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    buf, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        if not sel.select(timeout=end - time.monotonic()):
            break
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            break
        buf += chunk
        print(chunk.decode(errors="replace"), end="")
        if buf.count(text.encode()) >= times:
            return buf
    return None


def main():
    exe, mode = sys.argv[1], sys.argv[2]
    checks = Checks()
    errors = checks.errors
    env, times = None, 1
    if mode == "parallel":
        env = dict(os.environ, POCL_DEVICES="pthread pthread")
        ids = subprocess.run([exe, "devices"], capture_output=True, text=True, env=env).stdout
        if "opencl:0:0" not in ids or "opencl:0:1" not in ids:
            print(f"SKIP: POCL_DEVICES does not give opencl:0:0 and opencl:0:1 here:\n{ids}")
            sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        jpath, xpath = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml")
        if mode == "parallel":
            cmd = [exe, "run", "--device", "all", "--filter", "runner_selftest.interrupt_[ab]*", "--json", jpath,
                   "--junit", xpath]
            want_line, want_exit, sig, times = "interrupt_a_passes", 130, signal.SIGINT, 2
        elif mode == "double":
            cmd = [exe, "run", "--no-fork", "--filter", "runner_selftest.interrupt_c*", "--json", jpath]
            want_line, want_exit, sig = "gpucheck run on", 130, signal.SIGINT
        else:
            cmd = [exe, "run", "--filter", "runner_selftest.interrupt_[ab]*", "--json", jpath, "--junit", xpath]
            sig = SIGNALS[mode]
            want_line, want_exit = "interrupt_a_passes", 128 + sig
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        if wait_for_line(proc, want_line, 60, times) is None:
            errors.append(f"no line with {want_line!r} while the run was going on (is the console streamed?)")
        time.sleep(1.5)
        t0 = time.monotonic()
        proc.send_signal(sig)
        if mode == "double":
            time.sleep(0.5)
            proc.send_signal(sig)
        try:
            rest, err = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            rest, err = proc.communicate()
            errors.append("the run did not end within 15 s of the signal")
        seconds = time.monotonic() - t0
        print(rest.decode(errors="replace"))
        print(err.decode(errors="replace"), file=sys.stderr)
        if proc.returncode != want_exit:
            errors.append(f"exit status {proc.returncode}, expected {want_exit}")
        if seconds > 5:
            errors.append(f"the run took {seconds:.1f} s to end after the signal")
        if mode == "parallel":
            try:
                data = read_report(jpath)
                got = [(r["device"], r["name"], r["outcome"]) for r in data["results"]]
                want = [(d, f"runner_selftest.interrupt_{t}", o) for d in ("opencl:0:0", "opencl:0:1")
                        for t, o in (("a_passes", "PASS"), ("b_sleeps", "INTERRUPTED"))]
                if got != want:
                    errors.append(f"the report holds {got}, expected {want}")
                if data.get("devices_parallel") is not True:
                    errors.append(f"devices_parallel is {data.get('devices_parallel')!r}")
                suites = [s.get("name") for s in ET.parse(xpath).getroot().findall("testsuite")]
                if suites != ["gpucheck.run[opencl:0:0]", "gpucheck.run[opencl:0:1]"]:
                    errors.append(f"JUnit testsuites {suites}")
                if data.get("interrupted_by") != "SIGINT":
                    errors.append(f"interrupted_by is {data.get('interrupted_by')!r}")
            except Exception as e:  # noqa: BLE001
                errors.append(f"a report does not parse: {e!r}")
        elif mode != "double":
            try:
                data = read_report(jpath)
                ET.parse(xpath)
                got = {r["name"]: r["outcome"] for r in data["results"]}
                want = {"runner_selftest.interrupt_a_passes": "PASS", "runner_selftest.interrupt_b_sleeps": "INTERRUPTED"}
                if got != want:
                    errors.append(f"the report holds {got}, expected {want}")
                if data.get("interrupted_by") != signal.Signals(sig).name:
                    errors.append(f"interrupted_by is {data.get('interrupted_by')!r}")
            except Exception as e:  # noqa: BLE001
                errors.append(f"a report does not parse: {e!r}")
    time.sleep(0.3)
    for text in ("sleep 31.25", "runner_selftest.interrupt_"):
        left = processes_with(text)
        if left:
            errors.append(f"processes left behind: {left}")
            for line in left:
                os.kill(int(line.split(":")[0]), signal.SIGKILL)
    checks.finish()


if __name__ == "__main__":
    main()
