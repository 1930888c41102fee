#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CLI checks of issue 14's benchmark statistics, reports and `gpucheck compare`, through the
synthetic benchmarks of suites/runner_selftest (known samples, no device work).

usage: bench_compare_checks.py GPUCHECK CHECK    (CHECK: one of the functions named below)"""
import csv
import json
import os
import pty
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import gpucheck_run
from gpucheck_run import Checks, read_report

EXE = sys.argv[1]
STEADY, NOISY = "runner_selftest.bench_steady", "runner_selftest.bench_noisy"
checks = Checks()
expect = checks.expect


def run(args, env=None, timeout=None):
    return gpucheck_run.run(EXE, args, env, timeout)


def bench_json(tmp, name, args, env=None, want_rc=0):
    path = os.path.join(tmp, name)
    p = run(["bench"] + args + ["--json", path], env)
    expect(p.returncode == want_rc, f"bench {args}: exit {p.returncode}, wanted {want_rc}\n{p.stdout}{p.stderr}")
    return read_report(path), p


def result(data, name):
    return next(r for r in data["results"] if r["name"] == name)


def noise_rule(tmp):
    """The noise rule stops at --min-samples when the CV is below the target; a target the
    samples cannot meet (the negative control) runs into --max-time and says so."""
    d, p = bench_json(tmp, "a.json", ["--filter", STEADY, "--min-samples", "12"])
    r = result(d, STEADY)
    expect(r["stopped_by"] == "noise_target" and not r["stopped_early"], f"steady: {r['stopped_by']}")
    expect(len(r["samples_ms"]) == 12 == r["stats_ms"]["n"], f"steady: {len(r['samples_ms'])} samples, wanted 12")
    expect(r["stats_ms"]["cv"] < 0.005, "steady: CV above 0.5 %")
    expect(d["parameters"]["sampling_rule"] == "noise" and d["parameters"]["min_samples"] == 12, "parameters")
    expect("stopped early" not in p.stdout, "steady: the console says it stopped early")
    # The same samples against a target of 0.01 %: only the time limit stops them.
    d, p = bench_json(tmp, "b.json", ["--filter", STEADY, "--max-noise", "0.01", "--max-time", "0.3"])
    r = result(d, STEADY)
    expect(r["stopped_by"] == "time_budget" and r["stopped_early"], f"steady at 0.01 %: {r['stopped_by']}")
    expect(len(r["samples_ms"]) > 12, "steady at 0.01 %: no more samples than the minimum")
    expect("stopped early by the time limit" in p.stdout, "the console does not say it stopped early")
    # Noisy samples (CV 20 %) with the default target stop at --max-time.
    d, p = bench_json(tmp, "c.json", ["--filter", NOISY, "--max-time", "0.5"])
    r = result(d, NOISY)
    expect(r["stopped_by"] == "time_budget" and r["stopped_early"] and r["outcome"] == "PASS", "noisy")
    expect(abs(r["stats_ms"]["cv"] - 0.2) < 0.03, f"noisy CV {r['stats_ms']['cv']}")


def fixed_count(tmp):
    """--samples N takes exactly N; the budget still stops it (and says so); a fixed count
    and the noise options together are a usage error."""
    d, _ = bench_json(tmp, "a.json", ["--filter", NOISY, "--samples", "7"])
    r = result(d, NOISY)
    expect(len(r["samples_ms"]) == 7 and r["stopped_by"] == "sample_count" and not r["stopped_early"], "--samples 7")
    expect(d["parameters"]["sampling_rule"] == "fixed", "sampling_rule")
    d, p = bench_json(tmp, "b.json", ["--filter", NOISY, "--samples", "100000", "--timeout", "2"])
    r = result(d, NOISY)
    expect(r["stopped_by"] == "time_budget" and r["stopped_early"] and 5 <= len(r["samples_ms"]) < 150, "budget")
    expect("stopped early by the time budget after" in p.stdout, "the console does not say the budget stopped it")
    for extra in (["--max-noise", "1"], ["--min-samples", "5"], ["--max-time", "2"]):
        p = run(["bench", "--filter", STEADY, "--samples", "5"] + extra)
        expect(p.returncode == 2 and "noise rule" in p.stderr, f"--samples with {extra}: exit {p.returncode}")
    for bad in (["--max-noise", "0"], ["--max-noise", "101"], ["--min-samples", "1"], ["--max-time", "-1"]):
        p = run(["bench", "--filter", STEADY] + bad)
        expect(p.returncode == 2, f"{bad}: exit {p.returncode}")


def cold_cache_and_telemetry(tmp):
    """--cold-cache flushes before each sample (noted in the log); NVML telemetry is
    'unavailable' with a reason on a device without it, and the run still passes."""
    d, _ = bench_json(tmp, "a.json", ["--filter", STEADY, "--cold-cache"])
    r = result(d, STEADY)
    expect(r["outcome"] == "PASS" and "cold cache:" in r["log"], "cold cache not noted in the log")
    expect(d["parameters"]["cold_cache"] is True, "parameters.cold_cache")
    t = r["telemetry"]
    expect(t["available"] is False and t["reason"], f"telemetry: {t}")


def report_metadata(tmp):
    """The JSON names its schema, build and host; tags are a list; statistics include mean,
    stddev and CV (recomputed here from the raw samples); CSV and JUnit carry them too."""
    path_csv, path_xml = os.path.join(tmp, "r.csv"), os.path.join(tmp, "r.xml")
    d, _ = bench_json(tmp, "a.json", ["--filter", STEADY, "--csv", path_csv, "--junit", path_xml])
    expect(d["schema_version"] == 3, "schema_version")
    for k in ("commit", "build_type", "compiler", "host"):
        expect(isinstance(d.get(k), str) and d[k], f"metadata {k}: {d.get(k)!r}")
    expect(re.fullmatch(r"([0-9a-f]{40}(-dirty)?|unknown)", d["commit"]) is not None, f"commit {d['commit']}")
    # the commit of the tree as built now, not as configured (scripts/commit_id.cmake)
    head = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)), "rev-parse", "HEAD"],
                          capture_output=True, text=True)
    if head.returncode == 0 and d["commit"] != "unknown":
        expect(d["commit"].split("-")[0] == head.stdout.strip(), f"commit {d['commit']} is not HEAD {head.stdout.strip()}")
    r = result(d, STEADY)
    expect(r["tags"] == ["manual", "bench"], f"tags {r['tags']}")
    s, xs = r["stats_ms"], r["samples_ms"]
    mean = sum(xs) / len(xs)
    sd = (sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)) ** 0.5
    expect(abs(s["mean"] - mean) < 1e-9 and abs(s["stddev"] - sd) < 1e-9 and abs(s["cv"] - sd / mean) < 1e-6,
           f"stats {s} vs mean {mean} sd {sd}")
    rows = list(csv.DictReader(open(path_csv)))
    expect(len(rows) == 1 and abs(float(rows[0]["mean_ms"]) - mean) < 1e-6 and rows[0]["stopped_by"] == "noise_target",
           f"CSV {rows}")
    props = {p.get("name"): p.get("value") for p in ET.parse(path_xml).getroot().iter("property")}
    expect(abs(float(props.get("mean_ms", "nan")) - mean) < 1e-6 and props.get("stopped_by") == "noise_target",
           f"JUnit properties {props}")
    lst = json.loads(run(["list", "--json", "--filter", STEADY]).stdout)
    expect(lst["tests"][0]["tags"] == ["manual", "bench"], "list --json tags")


def markdown(tmp):
    """--markdown writes a summary table; a failing run lists what did not pass."""
    path = os.path.join(tmp, "r.md")
    p = run(["run", "--filter", "harness_selftest.*", "--markdown", path])
    text = open(path).read()
    expect(p.returncode == 1, "harness_selftest run did not exit 1")
    expect(text.startswith("### gpucheck run: 0 passed, "), "title")
    expect("#### Not passed" in text and "| **FAIL** | harness\\_selftest.canary\\_unwritten |" in text, "not-passed table")
    expect("<details><summary>All " in text, "collapsed table")
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("|---"):
            cells = re.split(r"(?<!\\)\|", line)[1:-1]
            expect(len(cells) in (3, 5, 8), f"a table row with {len(cells)} cells: {line}")
    p = run(["bench", "--filter", STEADY, "--markdown", "-"])
    expect(p.returncode == 0 and "| runner\\_selftest.bench\\_steady | PASS |" in p.stdout, "bench markdown on stdout")
    expect("passed," in p.stderr, "with --markdown -, the console table goes to stderr")


def console_width_and_colour(tmp):
    """Every console line fits 100 columns (a run, a benchmark run); colour appears on a
    terminal only, and never with NO_COLOR."""
    for args in (["run", "--filter", "device.*"], ["bench", "--filter", "runner_selftest.bench_*", "--max-time", "0.3"]):
        p = run(args)
        for line in p.stdout.splitlines():
            expect(len(line) <= 100, f"{len(line)} columns: {line}")
        expect("\033[" not in p.stdout, "colour in a pipe")

    def on_tty(env):
        pid, fd = pty.fork()
        if pid == 0:
            os.execve(EXE, [EXE, "run", "--filter", "device.vector_add"], dict(os.environ, **env))
        out = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.waitpid(pid, 0)
        return out.decode(errors="replace")

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    os.environ.pop("NO_COLOR", None)
    tty_out = on_tty({})
    expect("\033[32mPASS\033[0m" in tty_out, "no colour on a terminal")
    expect("\033[32m" not in on_tty({"NO_COLOR": "1"}), "colour despite NO_COLOR")
    del env


def compare(tmp):
    """compare: the same run twice is 'same', exit 0; a 20 % slower build is 'slower', exit 1;
    a test that now fails exits 1; --markdown writes the table; bad input exits 2."""
    # A fixed, even count: the medians are then exact (1.001 and 1.25 ms, times 1.2).
    old, _ = bench_json(tmp, "old.json", ["--filter", "runner_selftest.bench_*", "--samples", "20"])
    bench_json(tmp, "new.json", ["--filter", "runner_selftest.bench_*", "--samples", "20",
                                 "--param", "runner_selftest.bench_scale=1.2"])
    o, n, md = (os.path.join(tmp, x) for x in ("old.json", "new.json", "c.md"))
    p = run(["compare", o, o])
    expect(p.returncode == 0 and re.search(r"bench_steady .* same", p.stdout), f"self: {p.returncode}\n{p.stdout}")
    p = run(["compare", o, n, "--markdown", md])
    expect(p.returncode == 1, f"slower: exit {p.returncode}\n{p.stdout}{p.stderr}")
    expect(re.search(r"bench_steady +1\.001 +1\.201 +1\.200 +\+20\.0% .* slower", p.stdout), p.stdout)
    expect(p.stdout.strip().splitlines()[-1].startswith("2 slower, 0 faster"), "summary line")
    expect("| runner\\_selftest.bench\\_steady | 1.001 | 1.201 | 1.200 | +20.0% |" in open(md).read(), "markdown")
    p = run(["compare", n, o])
    expect(p.returncode == 0 and "2 faster" in p.stdout, f"faster: {p.returncode}\n{p.stdout}")
    # A threshold above the change: same, exit 0.
    p = run(["compare", o, n, "--threshold", "25"])
    expect(p.returncode == 0 and "0 slower" in p.stdout, f"--threshold 25: {p.returncode}")
    # A test that now fails, written into a copy of the old report.
    broken = json.loads(json.dumps(old))
    result(broken, STEADY)["outcome"] = "FAIL"
    bpath = os.path.join(tmp, "broken.json")
    json.dump(broken, open(bpath, "w"))
    p = run(["compare", o, bpath])
    expect(p.returncode == 1 and f"{STEADY}: PASS -> FAIL  (now a failure)" in p.stdout, f"outcome change: {p.stdout}")
    p = run(["compare", bpath, o])
    expect(p.returncode == 0 and f"{STEADY}: FAIL -> PASS" in p.stdout, "a healed test is no failure")
    # Bad input: exit 2 with a message naming the file and the reason.
    v2 = json.loads(json.dumps(old))
    v2["schema_version"] = 2
    v2path = os.path.join(tmp, "v2.json")
    json.dump(v2, open(v2path, "w"))
    notjson = os.path.join(tmp, "not.json")
    open(notjson, "w").write('{"schema_version": 3, "results": [1,]}')
    listing = os.path.join(tmp, "list.json")
    open(listing, "w").write(run(["list", "--json"]).stdout)
    cases = [([o, v2path], "schema_version 2"), ([o, notjson], "not valid JSON: line 1, column"),
             ([o, os.path.join(tmp, "missing.json")], "No such file"), ([o, listing], 'no "results" array'),
             ([o], "needs two reports"), ([o, o, o], "one report too many"), ([o, n, "--alpha", "0"], "--alpha"),
             ([o, n, "--threshold", "x"], "--threshold"), ([o, n, "--frobnicate"], "unknown option"),
             # The numbers and option values of every command: no leading zero, no hex; an
             # option is no value (so no Markdown file named "--alpha").
             ([o, n, "--threshold", "010"], "leading zero"), ([o, n, "--alpha", "0x1p-3"], "--alpha needs"),
             ([o, n, "--markdown", "--alpha", "0.1"], "looks like an option"),
             ([o, n, "--alpha", "0.1", "--alpha=0.2"], "given twice"), ([o, n, "--markdown="], "non-empty value"),
             ([o, tmp], "not a regular file")]
    fifo = os.path.join(tmp, "fifo.json")
    os.mkfifo(fifo)
    cases.append(([o, fifo], "not a regular file"))  # and no hang waiting for a writer
    for args, msg in cases:
        p = run(["compare"] + args, timeout=60)
        expect(p.returncode == 2 and msg in p.stderr, f"compare {args}: exit {p.returncode}: {p.stderr}")


def main():
    check = sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        globals()[check](tmp)
    checks.finish(f"{check}: ok")


if __name__ == "__main__":
    main()
