#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The live progress line (issue 14): on a terminal, gpucheck redraws a line on stderr about
once a second with the running test's elapsed time against its budget and, for a benchmark,
the samples its process has taken, their CV and the noise target; the line fits the terminal
(at most 100 columns), is erased before each result row, and is never written into a pipe.
CTest has no terminal: the runs here get one from the pty module.

usage: progress_check.py GPUCHECK CHECK
  CHECK: bench_on_tty, test_on_tty, not_in_pipe, parallel_on_tty (two devices at once, from
  PoCL's POCL_DEVICES="pthread pthread"; exits 77 where PoCL does not give them)"""
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

EXE = sys.argv[1]
NOISY = "runner_selftest.bench_noisy"
SLEEPS = "runner_selftest.interrupt_c_sleeps_quietly"
# bench_noisy's CV is 20 %: a target of 0.01 % is never met, --max-time 3 stops it.
BENCH_ARGS = ["bench", "--filter", NOISY, "--max-noise", "0.01", "--max-time", "3"]
ERRORS = []


def expect(cond, what):
    if not cond:
        ERRORS.append(what)
    return cond


def on_tty(args, columns, env=None):
    """Run gpucheck with stdout and stderr on a pseudo-terminal `columns` wide; returns its
    exit status and everything it wrote there."""
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
        os.execve(EXE, [EXE] + args, dict(os.environ, **(env or {})))
    out, deadline = b"", time.monotonic() + 150
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the child side is closed
            break
        if not chunk:
            break
        out += chunk
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode(errors="replace")


def progress_lines(out):
    """Every drawing of the progress line: what follows a carriage return and erase, up to
    the next (nothing else is written while a test runs)."""
    return [seg for seg in out.split("\r\033[K")[1:] if seg.startswith("[1/1] ")]


def erased_before_rows(out, first_row):
    """The last drawing is erased before the first result row, and none comes after it."""
    at = out.find(first_row)
    if not expect(at > 0, f"no result row '{first_row}' in:\n{out!r}"):
        return
    expect(out[:at].rstrip("\r\n").endswith("\r\033[K"), f"the line is not erased before the rows:\n{out!r}")
    expect("[1/1]" not in out[at:], f"progress after the rows:\n{out!r}")


def bench_on_tty():
    rc, out = on_tty(BENCH_ARGS, 200)
    expect(rc == 0, f"exit {rc}:\n{out}")
    lines = progress_lines(out)
    pat = re.compile(r"\[1/1\] runner_selftest\.bench_noisy  (\d+) s of 30 s, (\d+) samples, CV 20% \(target 0\.01%\)$")
    seen = [pat.match(ln) for ln in lines]
    seen = [(int(m.group(1)), int(m.group(2))) for m in seen if m]
    # Drawn at the start, then about once a second for the 3 s of sampling (and the start-up).
    expect(lines and lines[0] == f"[1/1] {NOISY}", f"no line when the benchmark started: {lines}")
    expect(len(seen) >= 2, f"fewer than two redraws with elapsed time and samples: {lines}")
    expect(all(b[0] > a[0] and b[1] > a[1] for a, b in zip(seen, seen[1:])),
           f"elapsed seconds and samples do not grow from one redraw to the next: {seen}")
    expect(seen and seen[-1][0] >= 2 and seen[-1][1] >= 50, f"3 s of 20 ms samples, but the last redraw says {seen[-1:]}")
    expect(all(len(ln) <= 100 for ln in lines), f"a line wider than 100 columns: {lines}")
    erased_before_rows(out, "runner_selftest\r\n")
    # A terminal 72 columns wide: every line fits in 71, the name loses its middle.
    rc, out = on_tty(BENCH_ARGS, 72)
    lines = progress_lines(out)
    expect(rc == 0 and len(lines) >= 3, f"72 columns: exit {rc}, {lines}")
    expect(all(len(ln) <= 71 for ln in lines), f"72 columns: a line wider than 71: {[len(x) for x in lines]} {lines}")
    expect(any("..." in ln and ln.endswith("samples, CV 20% (target 0.01%)") for ln in lines),
           f"72 columns: the name is not shortened, or the figures were cut: {lines}")


def test_on_tty():
    # A test that sleeps 30 s, stopped by a budget of 3 s (TIMEOUT, exit 1): a test has
    # elapsed time and budget, no samples.
    rc, out = on_tty(["run", "--filter", SLEEPS, "--timeout", "3"], 200)
    expect(rc == 1 and "TIMEOUT" in out, f"exit {rc}:\n{out}")
    lines = progress_lines(out)
    for want in (f"[1/1] {SLEEPS}", f"[1/1] {SLEEPS}  1 s of 3 s", f"[1/1] {SLEEPS}  2 s of 3 s"):
        expect(want in lines, f"no '{want}' among the drawings {lines}")
    expect(not any("sample" in ln for ln in lines), f"samples on a test's line: {lines}")
    erased_before_rows(out, "runner_selftest\r\n")


def not_in_pipe():
    p = subprocess.run([EXE] + BENCH_ARGS, capture_output=True, text=True)
    expect(p.returncode == 0, f"exit {p.returncode}:\n{p.stdout}{p.stderr}")
    for stream, text in (("stderr", p.stderr), ("stdout", p.stdout)):
        for mark in ("[1/1]", "\r", "\033[K", "samples, CV", " s of 30 s"):
            expect(mark not in text, f"{mark!r} in {stream}, a pipe:\n{text!r}")
    expect("bench_noisy" in p.stdout, f"no result row on stdout:\n{p.stdout}")


def parallel_on_tty():
    # Two devices at once, two tests of 2 s each: the line counts over both devices (done of
    # 4, and how many run) and shows one running test with its device; it is erased before
    # every row, whichever device's test finished.
    two = {"POCL_DEVICES": "pthread pthread"}
    ids = subprocess.run([EXE, "devices"], capture_output=True, text=True, env=dict(os.environ, **two)).stdout
    if "opencl:0:0" not in ids or "opencl:0:1" not in ids:
        print(f"SKIP: POCL_DEVICES does not give opencl:0:0 and opencl:0:1 here:\n{ids}")
        sys.exit(77)
    rc, out = on_tty(["run", "--device", "all", "--filter", "runner_selftest.parallel_*"], 200, dict(two, NO_COLOR="1"))
    expect(rc == 0, f"exit {rc}:\n{out}")
    segs = out.split("\r\033[K")[1:]
    lines = [seg for seg in segs if seg.startswith("[")]
    pat = re.compile(r"\[(\d)/4( done, 2 running)?\] opencl:0:[01] runner_selftest\.parallel_[ab]_holds(  \d+ s of 60 s)?$")
    expect(lines and all(pat.match(ln) for ln in lines), f"lines not of the expected form: {lines}")
    both = [ln for ln in lines if "done, 2 running" in ln]
    expect(any(ln.startswith("[0/4 done, 2 running]") for ln in both) and
           any(" s of 60 s" in ln for ln in both), f"no line for two tests running at once, with their time: {lines}")
    done = [int(m.group(1)) - (0 if m.group(2) else 1) for m in map(pat.match, lines) if m]
    expect(done == sorted(done), f"the count finished goes back: {done} in {lines}")
    rows = [m.start() for m in re.finditer(r"  PASS  ", out)]
    expect(len(rows) == 4, f"4 rows expected:\n{out!r}")
    for at in rows:
        line_start = out.rfind("\n", 0, at) + 1
        before = out[:line_start].rstrip("\r\n")
        expect(before.endswith("\r\033[K") or "[" not in before.split("\r\033[K")[-1],
               f"a drawn line is not erased before the row at {at}:\n{out!r}")


CHECKS = {f.__name__: f for f in (bench_on_tty, test_on_tty, not_in_pipe, parallel_on_tty)}

if __name__ == "__main__":
    os.environ.pop("NO_COLOR", None)
    CHECKS[sys.argv[2]]()
    for e in ERRORS:
        print("FAIL:", e)
    print(f"{sys.argv[2]}: {len(ERRORS)} failed")
    sys.exit(1 if ERRORS else 0)
