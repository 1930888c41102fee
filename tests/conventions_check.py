# SPDX-License-Identifier: Apache-2.0
"""A user's program is the user's, and the conventions of pytest, ctest, Google Benchmark,
nvbench and hyperfine hold (issue 53), through examples/vector_scale built in this tree
(VECTOR_SCALE), a program with no test of its own (BARE) and gpucheck itself (GPUCHECK):

  own_name          usage, errors and --version say the program's name; no kzg command
  bare_program      list --params says that nothing is declared; gc_set_program_name()
  color             --color=always|never|auto, NO_COLOR for auto (on a pseudo-terminal)
  quiet             -q: no row per test, what failed and the summary still
  short_flags       -xq is -x -q; a group with a switch of no such kind is refused
  suggestions       did you mean: options, commands, tests, devices, compare's options
  sweep             --param K=V1,V2: a case per value, named in console, JSON, JUnit, TAP, CSV
  compare_settings  compare names every setting in which the runs differ
  compare_scale     compare refuses runs of different --scale (exit 3) unless asked

usage: conventions_check.py CHECK GPUCHECK VECTOR_SCALE BARE"""
import csv
import json
import os
import pty
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gpucheck_run import Checks, run  # noqa: E402

ESC = "\x1b["
FAST = ["--scale", "0.01"]  # 10000 elements: above min_checks, a fraction of a second on PoCL


def own_name(c, gpucheck, vs, bare):
    p = run(vs, ["--version"])
    c.expect(p.returncode == 0 and p.stdout.startswith("vector_scale (gpucheck "), f"--version: {p.stdout!r}")
    p = run(gpucheck, ["--version"])
    c.expect(p.stdout.startswith("gpucheck 0."), f"gpucheck --version: {p.stdout!r}")
    p = run(vs, ["--help"])
    c.expect(p.stdout.startswith("usage: vector_scale COMMAND"), f"--help: {p.stdout[:80]!r}")
    c.expect("kzg" not in p.stdout and "gpucheck" not in p.stdout, f"--help names kzg or gpucheck:\n{p.stdout}")
    c.expect("  kzg " in run(gpucheck, ["--help"]).stdout, "gpucheck --help lacks its kzg command")
    p = run(vs, ["kzg", "cells", "--help"])
    c.expect(p.returncode == 2 and p.stderr.startswith("vector_scale: unknown command 'kzg'"),
             f"vector_scale kzg: exit {p.returncode}: {p.stderr!r}")
    p = run(vs, ["run", "--frobnicate"])
    c.expect(p.returncode == 2 and "vector_scale: unknown option '--frobnicate'; try 'vector_scale run --help'"
             in p.stderr, f"unknown option: {p.stderr!r}")
    p = run(vs, ["run", "--help"])
    c.expect(p.stdout.startswith("usage: vector_scale run ") and "'vector_scale list --params'" in p.stdout,
             f"run --help: {p.stdout[:200]!r}")
    p = run(vs, ["run", "--filter", "nothing_here"])
    c.expect(p.returncode == 2 and p.stderr.startswith("vector_scale: no test matches")
             and "see 'vector_scale list'" in p.stderr, f"no match: {p.stderr!r}")
    p = run(vs, ["compare", "--help"])
    c.expect(p.stdout.startswith("usage: vector_scale compare OLD.json"), f"compare --help: {p.stdout[:80]!r}")
    p = run(vs, ["run"] + FAST)
    c.expect(p.returncode == 0 and p.stdout.startswith("vector_scale run on "), f"console header: {p.stdout[:80]!r}")
    p = run(vs, ["info", "--device", "cuda:97"])
    c.expect(p.returncode == 2 and "(see 'vector_scale devices')" in p.stderr, f"unknown device id: {p.stderr!r}")


def bare_program(c, gpucheck, vs, bare):
    p = run(bare, ["list", "--params"])
    c.expect(p.returncode == 0 and "no test parameters declared" in p.stdout, f"bare list --params: {p.stdout!r}")
    p = run(vs, ["list", "--params"])
    c.expect(p.returncode == 0 and "vector_scale.rounds" in p.stdout and "no test parameters" not in p.stdout,
             f"vector_scale list --params: {p.stdout!r}")
    p = run(bare, ["run", "--param", "vector_scale.rounds=2"])
    c.expect(p.returncode == 2 and "bare-tool: unknown parameter" in p.stderr, f"bare --param: {p.stderr!r}")
    p = run(bare, ["--version"])  # gc_set_program_name() wins over argv[0]
    c.expect(p.stdout.startswith("bare-tool (gpucheck "), f"bare --version: {p.stdout!r}")
    p = run(bare, ["list"])
    c.expect(p.returncode == 0 and p.stdout.strip() == "0 selected", f"bare list: {p.stdout!r}")


def on_terminal(exe, args, env, stderr_too=False):
    """stdout (and stderr: the progress line) of exe on a pseudo-terminal (isatty true)."""
    master, slave = pty.openpty()
    e = dict(os.environ)
    e.pop("NO_COLOR", None)
    e.update(env)
    p = subprocess.Popen([exe] + args, stdout=slave, stderr=slave if stderr_too else subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=e)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    p.wait()
    os.close(master)
    return out.decode(errors="replace")


def color(c, gpucheck, vs, bare):
    args = ["run"] + FAST
    for env, opt, want in [({}, "--color=always", True), ({"NO_COLOR": "1"}, "--color=always", True),
                           ({}, "--color=never", False), ({}, "--color=auto", False)]:
        p = run(vs, args + [opt], env=env)
        c.expect(p.returncode == 0 and (ESC in p.stdout) == want, f"{env} {opt} (a pipe): colour {ESC in p.stdout}")
    c.expect(ESC in on_terminal(vs, args, {}), "a terminal, no NO_COLOR: no colour")
    c.expect(ESC not in on_terminal(vs, args, {"NO_COLOR": "1"}), "a terminal with NO_COLOR: colour")
    c.expect(ESC not in on_terminal(vs, args + ["--color", "never"], {}), "a terminal, --color never: colour")
    p = run(vs, args + ["--color=sometimes"])
    c.expect(p.returncode == 2 and "--color needs auto, always or never" in p.stderr, f"bad --color: {p.stderr!r}")


def quiet(c, gpucheck, vs, bare):
    p = run(vs, ["run", "-q"] + FAST)
    c.expect(p.returncode == 0 and "known_answer" not in p.stdout and p.stdout.rstrip().endswith(
        "1 passed, 0 failed, 0 skipped"), f"-q:\n{p.stdout}")
    p = run(vs, ["run"] + FAST)
    c.expect("known_answer" in p.stdout, f"without -q no row:\n{p.stdout}")
    p = run(vs, ["run", "--quiet"] + FAST, env={"VECTOR_SCALE_MUTANT": "skip_last"})
    c.expect(p.returncode == 1 and "Not passed:" in p.stdout and "FAIL vector_scale.known_answer" in p.stdout,
             f"--quiet hides a failure:\n{p.stdout}")
    p = run(vs, ["run", "-q", "-v"])
    c.expect(p.returncode == 2 and "opposite" in p.stderr, f"-q -v: {p.stderr!r}")


def short_flags(c, gpucheck, vs, bare):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.json")
        p = run(vs, ["run", "-xq", "--json", path] + FAST)
        d = json.load(open(path)) if p.returncode == 0 else {}
        c.expect(p.returncode == 0 and "known_answer" not in p.stdout and d.get("selection", {}).get("fail_fast"),
                 f"-xq: exit {p.returncode}, fail_fast {d.get('selection')}, stdout:\n{p.stdout}")
    p = run(vs, ["run", "-xv"] + FAST)
    c.expect(p.returncode == 0 and "known_answer" in p.stdout, f"-xv: {p.returncode} {p.stderr!r}")
    for args, text in [(["run", "-xz"], "unknown option '-xz'"), (["list", "-xv"], "'-x' (in '-xv') does not apply"),
                       (["run", "-xh1"], "unknown option '-xh1'")]:
        p = run(vs, args)
        c.expect(p.returncode == 2 and text in p.stderr, f"{args}: exit {p.returncode}: {p.stderr!r}")


def suggestions(c, gpucheck, vs, bare):
    cases = [
        (vs, ["run", "--filer", "x"], "did you mean '--filter'?"),
        (vs, ["bench", "--sampels", "3"], "did you mean '--samples'?"),
        (vs, ["rnu"], "did you mean 'run'?"),
        (vs, ["run", "--filter", "vector_scal.known_answer"], "did you mean 'vector_scale.known_answer'?"),
        (vs, ["run", "--filter", "vectr_scale"], "did you mean 'vector_scale'?"),
        (vs, ["compare", "--treshold", "5", "a.json", "b.json"], "did you mean '--threshold'?"),
        (gpucheck, ["kzq"], "did you mean 'kzg'?"),
    ]
    info = json.loads(run(vs, ["info", "--json"]).stdout)
    word = info["name"].split("-")[0]  # "pthread" on PoCL: its first word, one letter dropped
    if len(word) >= 5:
        cases.append((vs, ["info", "--device", word[:2] + word[3:]], f"did you mean '{word}'?"))
    for exe, args, text in cases:
        p = run(exe, args)
        c.expect(p.returncode == 2 and text in p.stderr, f"{args}: exit {p.returncode}: {p.stderr!r}")
    for exe, args in [(vs, ["run", "--zzzzzzzz"]), (vs, ["zzzzz"]), (vs, ["run", "--filter", "zzzzzzzz"]),
                      (vs, ["kzg"])]:
        p = run(exe, args)
        c.expect(p.returncode == 2 and "did you mean" not in p.stderr, f"{args} suggests: {p.stderr!r}")


def sweep(c, gpucheck, vs, bare):
    with tempfile.TemporaryDirectory() as tmp:
        j, x, v, m = (os.path.join(tmp, n) for n in ("r.json", "r.xml", "r.csv", "r.md"))
        p = run(vs, ["run", "--param", "vector_scale.rounds=1,3", "--json", j, "--junit", x, "--markdown", m] + FAST)
        c.expect(p.returncode == 0, f"sweep: exit {p.returncode}: {p.stderr}")
        c.expect("known_answer [rounds=1]" in p.stdout and "known_answer [rounds=3]" in p.stdout,
                 f"console:\n{p.stdout}")
        d = json.load(open(j))
        cases = [(r["name"], r["case"]) for r in d["results"]]
        c.expect(cases == [("vector_scale.known_answer", "rounds=1"), ("vector_scale.known_answer", "rounds=3")],
                 f"JSON cases {cases}")
        rounds = [{f["name"]: f["value"] for f in r["figures"]}.get("rounds") for r in d["results"]]
        c.expect(rounds == [None, 3], f"the test read rounds {rounds} (the case's value must reach it)")
        md = open(m).read()
        c.expect(r"| vector\_scale.known\_answer \[rounds=3\] |" in md, f"Markdown lacks the case:\n{md}")
        one = os.path.join(tmp, "one.json")
        run(vs, ["run", "--param", "vector_scale.rounds=1,2", "--json", one] + FAST)
        p = run(vs, ["compare", j, one])
        c.expect("Only in the old run (1):\n  vector_scale.known_answer [rounds=3]" in p.stdout and
                 "Only in the new run (1):\n  vector_scale.known_answer [rounds=2]" in p.stdout,
                 f"compare does not tell the cases apart:\n{p.stdout}")
        names = [t.get("name") for t in ET.parse(x).getroot().iter("testcase")]
        c.expect(names == ["known_answer [rounds=1]", "known_answer [rounds=3]"], f"JUnit {names}")
        p = run(vs, ["run", "--tap", "--param", "vector_scale.rounds=2,4", "--repeat", "2"] + FAST)
        lines = [ln for ln in p.stdout.splitlines() if ln.startswith("ok ")]
        c.expect(lines == ["ok 1 - vector_scale.known_answer [rounds=2] (run 1/2)",
                           "ok 2 - vector_scale.known_answer [rounds=2] (run 2/2)",
                           "ok 3 - vector_scale.known_answer [rounds=4] (run 1/2)",
                           "ok 4 - vector_scale.known_answer [rounds=4] (run 2/2)"], f"TAP {lines}")
        p = run(vs, ["bench", "--samples", "3", "--warmup", "0", "--param", "vector_scale.rounds=1,2", "--csv", v]
                + FAST)
        rows = list(csv.DictReader(open(v))) if p.returncode == 0 else []
        c.expect([r["case"] for r in rows] == ["rounds=1", "rounds=2"], f"CSV: exit {p.returncode} {rows}")
        p = run(vs, ["run", "--param", "vector_scale.rounds=1,3"] + FAST, env={"VECTOR_SCALE_MUTANT": "skip_last"})
        c.expect(p.returncode == 1 and "--param vector_scale.rounds=3 " in p.stdout,
                 f"reproduction lines name the case's value:\n{p.stdout}")
    tty = on_terminal(vs, ["run", "--param", "vector_scale.rounds=1,2"] + FAST, {}, stderr_too=True)
    c.expect("vector_scale.known_answer [rounds=2]" in tty and "[2/2]" in tty,
             f"the progress line does not name the case:\n{tty!r}")
    for bad, text in [("1,1", "given twice"), ("1,,2", "an empty value"), ("1,65", "in 1..64"), ("2,", "empty")]:
        p = run(vs, ["run", "--param", "vector_scale.rounds=" + bad])
        c.expect(p.returncode == 2 and text in p.stderr, f"rounds={bad}: exit {p.returncode}: {p.stderr!r}")


def two_reports(vs, tmp, a_args, b_args):
    paths = [os.path.join(tmp, "a.json"), os.path.join(tmp, "b.json")]
    for path, args in zip(paths, (a_args, b_args)):
        p = run(vs, ["run", "--json", path] + args)
        if p.returncode != 0:
            raise SystemExit(f"run {args}: exit {p.returncode}: {p.stderr}")
    return paths


def compare_settings(c, gpucheck, vs, bare):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = two_reports(vs, tmp, FAST, FAST)
        p = run(vs, ["compare", a, b])
        c.expect(p.returncode == 0 and "settings: the same scale, seed" in p.stdout, f"same:\n{p.stdout}")
        a, b = two_reports(vs, tmp, FAST, FAST + ["--seed", "7", "--param", "vector_scale.rounds=2"])
        p = run(vs, ["compare", a, b])
        lines = p.stdout.splitlines()
        c.expect(p.returncode == 0 and "the runs differ in their settings" in p.stdout, f"differ:\n{p.stdout}")
        stripped = [ln.strip() for ln in lines]
        c.expect("seed       old 1" in stripped and "new 7" in stripped, f"the seed not named:\n{p.stdout}")
        c.expect("parameters old (none)" in stripped and "new vector_scale.rounds=2" in stripped,
                 f"the parameters not named:\n{p.stdout}")
        c.expect(not any(ln.strip().startswith("scale") for ln in lines), f"scale named though equal:\n{p.stdout}")
        md = os.path.join(tmp, "c.md")
        run(vs, ["compare", a, b, "--markdown", md])
        text = open(md).read()
        c.expect("| seed | 1 | 7 |" in text, f"Markdown lacks the seed row:\n{text}")


def compare_scale(c, gpucheck, vs, bare):
    with tempfile.TemporaryDirectory() as tmp:
        a, b = two_reports(vs, tmp, FAST, ["--scale", "0.02"])
        p = run(vs, ["compare", a, b])
        c.expect(p.returncode == 3 and "different --scale (old 0.01, new 0.02)" in p.stderr and not p.stdout,
                 f"exit {p.returncode}: {p.stderr!r} {p.stdout!r}")
        p = run(vs, ["compare", a, b, "--allow-scale-change"])
        c.expect(p.returncode == 0 and any(ln.split()[:3] == ["scale", "old", "0.01"] for ln in p.stdout.splitlines()),
                 f"--allow-scale-change: exit {p.returncode}:\n{p.stdout}")


def main():
    check, gpucheck, vs, bare = sys.argv[1:5]
    c = Checks()
    globals()[check](c, gpucheck, vs, bare)
    c.finish()


if __name__ == "__main__":
    sys.exit(main())
