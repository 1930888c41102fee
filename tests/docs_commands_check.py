# SPDX-License-Identifier: Apache-2.0
"""The commands the docs show, run as written: every command line of a fenced block
(`$ CMD`, or a line that starts with `./vector_scale` or `gpucheck COMMAND`) and every
inline code span that is one, in README.md and every page of docs/ (not docs/results/,
which keeps what was measured).
`./vector_scale` is the example of examples/vector_scale built in this tree, `gpucheck`
this build's. A command must exit as the docs say: 1 where the output shown under it has
a failing outcome (FAIL, ERROR, INCONCLUSIVE, BROKEN), else 0; a usage error (2) is always
a failure of the docs or of the program. A command that cannot run here is in SKIP with
its reason, and one the docs no longer show is an error there too, so the list follows
the docs both ways.

usage: docs_commands_check.py SOURCE_DIR GPUCHECK VECTOR_SCALE"""
import glob
import os
import re
import time
import shlex
import subprocess
import sys
import tempfile

def docs(src):
    return ["README.md"] + sorted(os.path.relpath(p, src) for p in glob.glob(os.path.join(src, "docs", "*.md")))


DOCS = ["README.md", "docs/harness.md", "docs/writing-tests.md"]  # the pages that must have commands
# Commands shown but not run here, each with the reason.
SKIP = {
    "gpucheck run": "the whole built-in suite (make test runs it, test by test)",
    "gpucheck compare": "the command's name in prose: it needs two reports",
    "gpucheck kzg": "the command's name in prose",
    "gpucheck kzg cells": "reads blobs from stdin: tests/kzg_command.cmake runs it",
    "gpucheck run | tee log": "the whole built-in suite, through a pipe",
    "gpucheck compare main.json pr.json || exit 1": "a CI line over two reports of its own (reports.compare)",
    "gpucheck bench --filter 'atomic_incdec*'": "about 4 minutes of benchmarks on PoCL (its tests run here)",
    "gpucheck bench --filter 'bls12_381*'": "minutes of benchmarks on a CPU device",
    "gpucheck run --filter 'fk20*'": "minutes on a CPU device (tests/fk20_suite.cmake runs its stages)",
    "gpucheck bench --filter 'fk20.bench*'": "minutes of benchmarks on a CPU device",
    "gpucheck kzg verify-cells --in cases.jsonl --out verdicts.jsonl": "needs a cases file (tests/kzg_verify.cmake)",
    "gpucheck kzg recover": "the subcommand's name in prose: its input comes from a file or stdin",
    "gpucheck kzg compute-proof": "the subcommand's name in prose: its input comes from a file or stdin",
    "gpucheck kzg blob-proof": "the subcommand's name in prose: its input comes from a file or stdin",
    "gpucheck kzg --device": "an option's name in prose",
    "gpucheck kernels build --arch sm_90": "a minute of NVRTC compiling the KZG modules: tests/kernels_aot.cmake "
                                           "builds and checks a small module",
    "gpucheck kernels check --arch sm_90": "its answer depends on what was built (tests/kernels_aot.cmake)",
    "gpucheck run --filter 'atomic_fence.twin.global*' --param atomic_fence.rounds=1 --param atomic_fence.stress_pct=0":
        "its outcome depends on how many checks the machine reaches in the twins' time budget (INCONCLUSIVE "
        "on a loaded 2-core CPU); tests/atomic_fence.cmake runs the suite",
}
# Inline commands that show a failure on purpose (the harness's self-tests must not pass).
EXPECT = {"gpucheck run --filter 'harness_selftest.*'": 1}
FAILING = re.compile(r"^\s*(FAIL|ERROR|INCONCLUSIVE|BROKEN)\b")
COMMAND = re.compile(r"^(?:[A-Z_]+=\S* )*(?:\./vector_scale|gpucheck) (?!\S+ on )\S")
PLACEHOLDER = re.compile(r"\b[A-Z]{2,}[A-Z.]*\b(?!=)|<[a-z]+>")


def fenced(lines):
    """(line number, command, expected exit) of each command line in a fenced block."""
    out, fence, i = [], False, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            fence = not fence
        elif fence:
            text = line[2:] if line.startswith("$ ") else line
            if COMMAND.match(text):
                cmd = re.sub(r"\s+#.*$", "", text).strip()
                shown, j = [], i + 1
                while j < len(lines) and not lines[j].startswith("```") and not lines[j].startswith("$ "):
                    shown.append(lines[j])
                    j += 1
                out.append((i + 1, cmd, 1 if any(FAILING.match(s) for s in shown) else 0))
        i += 1
    return out


def inline(lines):
    out, fence = [], False
    for n, line in enumerate(lines, 1):
        if line.startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        for m in re.finditer(r"`([^`]+)`", line):
            if COMMAND.match(m.group(1)) or m.group(1) in SKIP:
                out.append((n, m.group(1), EXPECT.get(m.group(1), 0)))
    return out


def main():
    src, gpucheck, vector_scale = sys.argv[1:4]
    failures, ran, skipped, seen = [], 0, 0, set()
    work = tempfile.mkdtemp(prefix="gpucheck-docs.")
    os.symlink(os.path.abspath(vector_scale), os.path.join(work, "vector_scale"))
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(gpucheck)) + os.pathsep + os.environ["PATH"])
    pages = docs(src)
    missing = [d for d in DOCS if d not in pages]
    if missing:
        failures.append(f"no page {missing}")
    for doc in pages:
        lines = open(os.path.join(src, doc), encoding="utf-8").read().split("\n")
        for n, cmd, want in fenced(lines) + inline(lines):
            where = f"{doc}:{n}"
            if cmd in SKIP:
                seen.add(cmd)
                skipped += 1
                print(f"SKIP {where}: {cmd}: {SKIP[cmd]}")
                continue
            if PLACEHOLDER.search(re.sub(r"^(?:[A-Z_]+=\S* )+", "", cmd)):
                skipped += 1
                print(f"SKIP {where}: {cmd}: a template (its capitals stand for what to write)")
                continue
            t0 = time.monotonic()
            try:
                p = subprocess.run(cmd, shell=True, cwd=work, env=env, capture_output=True, text=True,
                                   errors="replace", stdin=subprocess.DEVNULL, timeout=300)
                rc, tail = p.returncode, (p.stdout + p.stderr)[-1500:]
            except subprocess.TimeoutExpired:
                rc, tail = "timeout", ""
            ran += 1
            ok = rc == want
            print(f"{'ok' if ok else 'FAIL'} {where}: {cmd}: exit {rc} (the docs say {want}), "
                  f"{time.monotonic() - t0:.1f} s")
            if not ok:
                failures.append(f"{where}: {cmd}: exit {rc}, expected {want}\n{tail}")
    for cmd in sorted(set(SKIP) - seen):
        failures.append(f"SKIP names '{cmd}', which no doc shows any more: take it out")
    if ran < 10:
        failures.append(f"only {ran} commands found in the docs: the extraction is broken")
    for f in failures:
        print("FAIL: " + f)
    print(f"{ran} commands run, {skipped} skipped, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
