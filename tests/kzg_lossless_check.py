#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kzg cells` loses nothing: no input, setup or existing output is destroyed, and a
run stopped by a signal leaves whole records only. None of these checks computes a blob (the
one that reaches the precomputation stops it), so each takes seconds on PoCL.

usage: kzg_lossless_check.py GPUCHECK CHECK
  CHECK: stdin_is_out        --out v.txt < v.txt is refused (exit 2), v.txt kept
         in_is_stdout        --in f >> f is refused (exit 2), f kept, no endless read
         setup_is_out        --setup s --out s and --setup s > s are refused (exit 2), s kept
         failed_run_keeps_out  an input error before the first record: the old --out kept;
                             and no file made where none was
         sigint_in_precompute  Ctrl-C during the precomputation: exit 130, the old --out kept,
                             the progress line ended before "precomputing..." (on a terminal)
         signal_whole_records  SIGTERM while records are written to a full pipe, and SIGINT
                             while they go to --out: exit 143/130, every record whole, the file
                             in place with the records written, no temporary file left
         progress_counts     on a terminal the progress line counts malformed lines apart from
                             blobs ("0 blobs done, 3 malformed lines")
         setup_too_large     a setup one byte over 16 MiB is refused as too large (exit 2)

Exit: 0 pass, 1 fail (the messages say where)."""
import glob
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import tempfile
import time

EXE = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else ""
ENV = dict(os.environ, ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "detect_leaks=0:protect_shadow_gap=0"))
ERRORS = []
MALFORMED = "0x12\n"
ZERO_BLOB = "0x" + "0" * 262144 + "\n"


def expect(cond, what):
    if not cond:
        ERRORS.append(what)
    return cond


def run_shell(cmd, cwd, timeout=60):
    try:
        p = subprocess.run(["sh", "-c", cmd, EXE], cwd=cwd, env=ENV, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        expect(False, "%s: still running after %d s" % (cmd, timeout))
        return None, ""
    return p.returncode, p.stderr.decode(errors="replace")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


def check_refused(d, cmd, path, before, fragment):
    rc, err = run_shell(cmd, d, timeout=30)
    expect(rc == 2, "%s: exit %s, expected 2 (%s)" % (cmd, rc, err.strip()))
    expect(fragment in err, "%s: stderr lacks %r: %s" % (cmd, fragment, err.strip()))
    expect(read(os.path.join(d, path)) == before, "%s: %s changed" % (cmd, path))


def leftovers(d, name):
    return glob.glob(os.path.join(d, ".%s.*" % name))


def stdin_is_out(d):
    write(os.path.join(d, "v.txt"), MALFORMED)
    check_refused(d, '"$0" kzg cells --out v.txt < v.txt', "v.txt", MALFORMED, "the input (stdin) and --out are the same")
    check_refused(d, '"$0" kzg cells --in - --out ./v.txt < v.txt', "v.txt", MALFORMED, "same file")


def in_is_stdout(d):
    write(os.path.join(d, "f.txt"), MALFORMED)
    check_refused(d, '"$0" kzg cells --in f.txt >> f.txt', "f.txt", MALFORMED, "--in and the output (stdout) are the same")
    check_refused(d, '"$0" kzg cells < f.txt >> f.txt', "f.txt", MALFORMED, "the input (stdin) and the output (stdout)")


def setup_is_out(d):
    # The project's own trusted setup: valid, so that only the check can keep it.
    found = glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crypto", "kzg", "**",
                                   "trusted_setup.txt"), recursive=True)
    if not expect(found, "crypto/kzg/**/trusted_setup.txt not found"):
        return
    setup = read(found[0])
    write(os.path.join(d, "s.txt"), setup)
    check_refused(d, '"$0" kzg cells --setup s.txt --out s.txt < /dev/null', "s.txt", setup,
                  "--setup and --out are the same")
    check_refused(d, '"$0" kzg cells --setup s.txt < /dev/null >> s.txt', "s.txt", setup,
                  "--setup and the output (stdout) are the same")


def failed_run_keeps_out(d):
    # Reading /proc/self/mem from offset 0 fails (EIO): an input error before any record.
    write(os.path.join(d, "o.txt"), "old\n")
    rc, err = run_shell('"$0" kzg cells --in /proc/self/mem --out o.txt', d)
    expect(rc == 2 and "cannot read the input" in err, "input error: exit %s: %s" % (rc, err.strip()))
    expect(read(os.path.join(d, "o.txt")) == "old\n", "input error: the old --out was not kept")
    rc, err = run_shell('"$0" kzg cells --in /proc/self/mem --out new.txt', d)
    expect(rc == 2 and not os.path.exists(os.path.join(d, "new.txt")), "input error: a new --out was made")
    expect(not leftovers(d, "o.txt") and not leftovers(d, "new.txt"), "input error: a temporary file was left")
    # A run that completes does replace it, with the file's permissions.
    os.chmod(os.path.join(d, "o.txt"), 0o640)
    rc, err = run_shell('printf "0x12\\n" | "$0" kzg cells --out o.txt', d)
    got = read(os.path.join(d, "o.txt"))
    expect(rc == 1 and got.startswith('{"index": 0, "error": "GC_KZG_BADARGS"') and got.count("\n") == 1,
           "a completed run: exit %s, --out holds %r" % (rc, got[:80]))
    expect(os.stat(os.path.join(d, "o.txt")).st_mode & 0o777 == 0o640, "a completed run: the permissions changed")


def on_pty(args, stdin_text, until, then_signal, timeout=120):
    """Runs the command with stderr on a terminal and stdin from a file; when `until` shows up
    on the terminal, sends then_signal. Returns the exit status and the terminal's text."""
    fd_in, path_in = tempfile.mkstemp()
    os.write(fd_in, stdin_text.encode())
    os.close(fd_in)
    pid, fd = pty.fork()
    if pid == 0:
        os.dup2(os.open(path_in, os.O_RDONLY), 0)
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execve(EXE, [EXE] + args, ENV)
    out, sent, deadline = b"", False, time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        if not sent and until and until.encode() in out:
            os.kill(pid, then_signal)
            sent = True
    else:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    os.unlink(path_in)
    return os.waitstatus_to_exitcode(status), out.decode(errors="replace")


def sigint_in_precompute(d):
    out = os.path.join(d, "o.txt")
    write(out, "old\n")
    rc, text = on_pty(["kzg", "cells", "--out", out], MALFORMED * 3 + ZERO_BLOB, "precomputing", signal.SIGINT)
    expect(rc == 130, "Ctrl-C in the precomputation: exit %s, expected 130: %r" % (rc, text[-300:]))
    expect("stopped by SIGINT" in text, "Ctrl-C in the precomputation: no message: %r" % text[-300:])
    # The three malformed lines were records: the file holds them, whole (a run that got as
    # far as writing replaces the old file).
    got = read(out)
    lines = got.splitlines()
    expect(len(lines) == 3 and all(json.loads(x)["error"] == "GC_KZG_BADARGS" for x in lines),
           "Ctrl-C in the precomputation: --out holds %r" % got[:200])
    before = text.split("precomputing")[0]
    expect(before.endswith("\n") or before.endswith("cells: "), "the progress line shares a line with "
           "'precomputing...': %r" % before[-160:])
    expect(not leftovers(d, "o.txt"), "Ctrl-C: a temporary file was left")
    # Before the first record: the old file is kept.
    write(out, "old\n")
    rc, text = on_pty(["kzg", "cells", "--out", out], ZERO_BLOB, "precomputing", signal.SIGINT)
    expect(rc == 130 and read(out) == "old\n", "Ctrl-C before any record: exit %s, --out %r" % (rc, read(out)[:80]))
    expect(not leftovers(d, "o.txt"), "Ctrl-C before any record: a temporary file was left")


def whole_records(text, what):
    lines = text.split("\n")
    expect(lines[-1] == "", "%s: the output ends in a cut record: %r" % (what, lines[-1][-80:]))
    for i, line in enumerate(lines[:-1]):
        try:
            rec = json.loads(line)
        except ValueError:
            expect(False, "%s: record %d is cut: %r" % (what, i, line[-80:]))
            return 0
        expect(rec.get("index") == i, "%s: record %d has index %s" % (what, i, rec.get("index")))
    return len(lines) - 1


def signal_whole_records(d):
    # To a pipe that nobody reads: the command blocks in the middle of its output (about
    # 280 KB of records against the pipe's 64 KB), then SIGTERM, then the pipe is drained.
    n = 2000
    p = subprocess.Popen([EXE, "kzg", "cells"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=ENV)
    p.stdin.write((MALFORMED * n).encode())
    p.stdin.flush()
    time.sleep(2.0)
    p.send_signal(signal.SIGTERM)
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
    expect(p.returncode == 143, "SIGTERM to a full pipe: exit %s, expected 143" % p.returncode)
    got = whole_records(out.decode(errors="replace"), "SIGTERM to a full pipe")
    expect(0 < got < n, "SIGTERM to a full pipe: %d records of %d" % (got, n))
    expect(b"stopped by SIGTERM" in err, "SIGTERM: no message on stderr: %r" % err[-200:])

    # To --out, from an input that never ends: SIGINT once records are written.
    out_path = os.path.join(d, "out.jsonl")
    write(out_path, "old\n")
    p = subprocess.Popen([EXE, "kzg", "cells", "--out", out_path], stdin=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=ENV)
    p.stdin.write((MALFORMED * 50).encode())
    p.stdin.flush()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the records go to the temporary file first
        tmp = leftovers(d, "out.jsonl")
        if tmp and os.path.getsize(tmp[0]) > 0 and read(tmp[0]).count("\n") == 50:
            break
        time.sleep(0.1)
    expect(read(out_path) == "old\n", "--out was replaced before the run ended")
    p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    expect(p.returncode == 130, "SIGINT with --out: exit %s, expected 130: %r" % (p.returncode, err[-200:]))
    got = whole_records(read(out_path), "SIGINT with --out")
    expect(got == 50, "SIGINT with --out: %d records in place, expected 50" % got)
    expect(b"50 whole records" in err, "SIGINT with --out: the message does not count them: %r" % err[-200:])
    expect(not leftovers(d, "out.jsonl"), "SIGINT with --out: a temporary file was left")


def progress_counts(d):
    rc, text = on_pty(["kzg", "cells"], MALFORMED * 3, None, None)
    expect(rc == 1, "malformed lines on a terminal: exit %s" % rc)
    expect(re.search(r"cells: 0( of ~\d+)? blobs done, 3 malformed lines", text), "the progress line counts malformed lines as blobs: %r" %
           text[-200:])


def setup_too_large(d):
    path = os.path.join(d, "big.txt")
    with open(path, "wb") as f:
        f.write(b"4096\n65\n" + b"0" * ((16 << 20) + 1 - 8))
    rc, err = run_shell('"$0" kzg cells --setup big.txt < /dev/null', d)
    expect(rc == 2 and "larger than 16777216 bytes (16 MiB)" in err, "a setup of 16 MiB + 1: exit %s: %s" %
           (rc, err.strip()[-200:]))


CHECKS = {f.__name__: f for f in (stdin_is_out, in_is_stdout, setup_is_out, failed_run_keeps_out,
                                   sigint_in_precompute, signal_whole_records, progress_counts, setup_too_large)}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in CHECKS:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as d:
        CHECKS[sys.argv[2]](d)
    for e in ERRORS:
        print("FAIL:", e)
    if not ERRORS:
        print("PASS: " + sys.argv[2])
    sys.exit(1 if ERRORS else 0)
