#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Test selection and the command line through gpucheck itself (issue 14): devices chosen
by id or whole word, runs over several devices, '*' and the mutants, fail-fast, repeat,
rerun of the failed tests, --param up to the test's process.

usage: select_check.py GPUCHECK MODE

Several devices come from PoCL itself: POCL_DEVICES="pthread pthread" makes two CPU
devices (opencl:0:0 and opencl:0:1, with one name). Where the device list does not show
them (PoCL is not the OpenCL platform 0), the modes that need them exit 77 (skipped)."""
import json
import os
import re
import sys
import tempfile
import xml.etree.ElementTree as ET

import gpucheck_run
from gpucheck_run import Checks, read_report

EXE = sys.argv[1]
TWO = {"POCL_DEVICES": "pthread pthread"}
checks = Checks()
expect = checks.expect


def run(*args, env=None, ok=(0, 1, 2)):
    p = gpucheck_run.run(EXE, args, env, timeout=600)
    expect(p.returncode in ok, f"{' '.join(args)}: exit {p.returncode}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def two_devices_or_skip():
    d = json.loads(run("devices", "--json", env=TWO, ok=(0,)).stdout)
    ids = [x["id"] for x in d["devices"]]
    if "opencl:0:0" not in ids or "opencl:0:1" not in ids:
        print(f"SKIP: POCL_DEVICES does not give opencl:0:0 and opencl:0:1 here (devices: {ids})")
        sys.exit(77)


def report(tmp, name="r.json"):
    return read_report(os.path.join(tmp, name))


def mode_device_words():
    # The bug of issue 14: "1" ran on PoCL because its name holds "avx512". Now a number is
    # no index and no part of a word; nothing runs (no summary line).
    p = run("run", "--device", "1", ok=(2,))
    expect('no device "1"' in p.stderr and "not an index" in p.stderr, f"--device 1: {p.stderr!r}")
    expect("passed," not in p.stdout, "--device 1 ran tests")
    info = json.loads(run("info", "--json", ok=(0,)).stdout)
    name, dev = info["name"], info["id"]
    # The start of the name, in another case, selects the device...
    start = name[: max(3, len(name) // 2)].swapcase()
    p = run("info", "--json", "--device", start, ok=(0, 2))
    expect(p.returncode == 0 and json.loads(p.stdout)["id"] == dev or "ambiguous" in p.stderr,
           f"the start of the name {start!r}: exit {p.returncode} {p.stderr!r}")
    # ...and a piece from inside a word does not (the old substring rule took it).
    words = [w for w in re.split(r"[^A-Za-z0-9]+", name) if len(w) >= 4]
    if words:
        inside = words[-1][1:-1]
        if not re.search(r"(^|[^A-Za-z0-9])" + re.escape(inside) + r"($|[^A-Za-z0-9])", name, re.I) and \
                not name.lower().startswith(inside.lower()):
            p = run("info", "--json", "--device", inside, ok=(2,))
            expect("no device" in p.stderr, f"the inside of a word {inside!r} selected a device: {p.stdout[:200]!r}")
        p = run("info", "--json", "--device", words[-1].upper(), ok=(0, 2))
        expect(p.returncode == 0 and json.loads(p.stdout)["id"] == dev or "ambiguous" in p.stderr,
               f"the whole word {words[-1].upper()!r}: exit {p.returncode} {p.stderr!r}")
    # Commands of one device refuse a list.
    p = run("info", "--device", "all", ok=(2,))
    expect("takes one device" in p.stderr, f"info --device all: {p.stderr!r}")
    p = run("run", "--device", f"{dev},{dev}", "--filter", "device.vector_add", ok=(2,))
    expect("twice" in p.stderr, f"a device named twice: {p.stderr!r}")


def mode_device_ambiguous():
    two_devices_or_skip()
    p = run("run", "--device", "pthread", "--filter", "device.vector_add", env=TWO, ok=(2,))
    expect("ambiguous" in p.stderr and "opencl:0:0" in p.stderr and "opencl:0:1" in p.stderr,
           f"an ambiguous name must list the candidates: {p.stderr!r}")
    expect("passed," not in p.stdout, "an ambiguous --device ran tests")


def mode_multi_device():
    two_devices_or_skip()
    sel = "runner_selftest.fails_on_device_1,device.vector_add"
    with tempfile.TemporaryDirectory() as tmp:
        j, x = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml")
        p = run("run", "--device", "all", "--filter", sel, "--json", j, "--junit", x, env=TWO, ok=(1,))
        r = report(tmp)
        got = [(e["device"], e["name"], e["outcome"]) for e in r["results"]]
        want = [("opencl:0:0", "device.vector_add", "PASS"), ("opencl:0:0", "runner_selftest.fails_on_device_1", "PASS"),
                ("opencl:0:1", "device.vector_add", "PASS"), ("opencl:0:1", "runner_selftest.fails_on_device_1", "FAIL")]
        expect(got == want, f"results by device: {got}")
        # Each test's own process ran on the device its result names.
        for e in r["results"]:
            if e["name"] == "runner_selftest.fails_on_device_1":
                expect(f"ran on {e['device']}\n" in e["log"] + "\n", f"{e['device']}: log {e['log'][:300]!r}")
        expect([d["id"] for d in r["devices"]] == ["opencl:0:0", "opencl:0:1"], f"devices: {r['devices']}")
        expect(r["summary"]["passed"] == 3 and r["summary"]["failed"] == 1, f"summary {r['summary']}")
        suites = ET.parse(x).getroot().findall("testsuite")
        expect([s.get("name") for s in suites] == ["gpucheck.run[opencl:0:0]", "gpucheck.run[opencl:0:1]"],
               f"JUnit testsuites {[s.get('name') for s in suites]}")
        expect([(len(s.findall("testcase")), s.get("failures")) for s in suites] == [(2, "0"), (2, "1")],
               "JUnit: two cases each, the failure on opencl:0:1")
        expect([s.find("properties/property[@name='device']").get("value") for s in suites] ==
               ["opencl:0:0", "opencl:0:1"], "JUnit device properties")
        # In parallel (the default for tests): one table whose rows name their device.
        out = p.stdout
        expect(r["devices_parallel"] is True and r["devices_serial_reason"] is None, "run: devices in parallel")
        expect("on 2 devices, in parallel" in out and "=== " not in out, "console: in parallel, no device headings")
        expect("opencl:0:1 fails_on_device_1" in out and "opencl:0:0 vector_add" in out, "console: rows name devices")
        expect("opencl:0:0: 2 passed, 0 failed, 0 skipped" in out and "opencl:0:1: 1 passed, 1 failed, 0 skipped" in out,
               "console: a summary per device")
        expect(out.strip().splitlines()[-1] == "3 passed, 1 failed, 0 skipped", "console: the run's summary last")
        # One after another (--serial-devices): a heading and tables per device.
        p = run("run", "--device", "all", "--filter", sel, "--serial-devices", "--json", j, env=TWO, ok=(1,))
        out = p.stdout
        expect([(e["device"], e["name"], e["outcome"]) for e in report(tmp)["results"]] == want, "serial: same results")
        expect(report(tmp)["devices_serial_reason"] == "--serial-devices", "serial: the reason")
        expect(out.index("=== opencl:0:0") < out.index("=== opencl:0:1"), "console: a heading per device")
        expect("one device after another: --serial-devices" in out, "console: says why one after another")
    # The exit status is the worst over the devices: the same test passes alone on :0, and
    # the order of the list is the order of the run.
    run("run", "--device", "opencl:0:0", "--filter", sel, env=TWO, ok=(0,))
    with tempfile.TemporaryDirectory() as tmp:
        run("run", "--device", "opencl:0:1,opencl:0:0", "--filter", "device.vector_add", "--json",
            os.path.join(tmp, "r.json"), env=TWO, ok=(0,))
        expect([e["device"] for e in report(tmp)["results"]] == ["opencl:0:1", "opencl:0:0"], "the list's order")
    tap = run("run", "--device", "all", "--filter", sel, "--tap", env=TWO, ok=(1,)).stdout
    expect("not ok 4 - opencl:0:1 runner_selftest.fails_on_device_1" in tap and
           "ok 1 - opencl:0:0 device.vector_add" in tap and "1..4" in tap, f"TAP: {tap!r}")


def spans(r):
    """Per device, the (begin, end) of each test: by the test's own CLOCK_MONOTONIC figures
    (its process), and by the runner's started_s/finished_s."""
    own, runner = {}, {}
    for e in r["results"]:
        f = {x["name"]: x["value"] for x in e["figures"]}
        own.setdefault(e["device"], []).append((f["began_monotonic_s"], f["ended_monotonic_s"]))
        runner.setdefault(e["device"], []).append((e["started_s"], e["finished_s"]))
    return own, runner


def overlap(a, b):
    """Seconds during which a test of one list and a test of the other ran at once."""
    return sum(max(0.0, min(x1, y1) - max(x0, y0)) for x0, x1 in a for y0, y1 in b)


def mode_parallel_overlap():
    # Two tests of 2 s on each of two devices. In parallel the devices' tests overlap in
    # time, by the processes' own clock and by the runner's; one after another they do not.
    # The same measurement, asserted both ways, shows that it tells the two apart.
    two_devices_or_skip()
    names = ["runner_selftest.parallel_a_holds", "runner_selftest.parallel_b_holds"]
    want = [(d, n) for d in ("opencl:0:0", "opencl:0:1") for n in names]
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")

        def run_both(how, *extra):
            """Run the four tests; return the console, the report, each device's own spans
            and the two overlaps (processes' clocks, runner's), after the common checks."""
            p = run("run", "--device", "all", "--filter", "runner_selftest.parallel_*", *extra, "--json", j, env=TWO,
                    ok=(0,))
            r = report(tmp)
            expect([(e["device"], e["name"]) for e in r["results"]] == want, f"{how}: report order {r['results']}")
            expect(r["devices_parallel"] is (how == "in parallel"), f"{how}: devices_parallel")
            own, runner = spans(r)
            both = overlap(own["opencl:0:0"], own["opencl:0:1"]), overlap(runner["opencl:0:0"], runner["opencl:0:1"])
            print(f"{how}: {r['seconds']:.2f} s, overlap {both[0]:.2f} s (processes), {both[1]:.2f} s (runner)")
            return p, r, own, both

        p, r, _, both = run_both("in parallel")
        expect(both[0] >= 2.0 and both[1] >= 2.0, f"in parallel the devices' tests overlap only {both} s")
        expect(r["seconds"] < 7.0, f"in parallel 4 x 2 s took {r['seconds']:.1f} s")
        expect("in parallel" in p.stdout, "console: in parallel")
        _, r, own, both = run_both("one after another", "--serial-devices")
        expect(both == (0.0, 0.0), f"one after another the devices' tests overlap {both} s")
        expect(max(e for _, e in own["opencl:0:0"]) <= min(b for b, _ in own["opencl:0:1"]),
               "one after another: opencl:0:1 starts after opencl:0:0 ends")
        expect(r["seconds"] >= 8.0, f"one after another 4 x 2 s took {r['seconds']:.1f} s")


def mode_parallel_bench_serial():
    # Benchmarks on CPU devices would disturb each other: one after another, and said so.
    two_devices_or_skip()
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")
        p = run("bench", "--device", "all", "--filter", "runner_selftest.bench_steady", "--samples", "20", "--warmup",
                "1", "--json", j, env=TWO, ok=(0,))
        r = report(tmp)
        expect(r["devices_parallel"] is False and "opencl:0:0 is not a GPU" in (r["devices_serial_reason"] or ""),
               f"bench on CPU devices: parallel {r['devices_parallel']}, reason {r['devices_serial_reason']!r}")
        expect("one device after another: benchmarks run at once only on distinct GPUs" in " ".join(p.stdout.split()),
               f"the console says why: {p.stdout[:600]!r}")
        res = r["results"]
        expect([e["device"] for e in res] == ["opencl:0:0", "opencl:0:1"], f"bench order {res}")
        expect(res[0]["finished_s"] <= res[1]["started_s"], f"bench spans overlap: {[(e['started_s'], e['finished_s']) for e in res]}")


def mode_parallel_fail_fast():
    # -x stops every device: fails_on_device_1 fails at once on opencl:0:1; opencl:0:0 may be
    # in parallel_a_holds (2 s) by then and finishes it, but starts nothing after it.
    two_devices_or_skip()
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")
        sel = "runner_selftest.fails_on_device_1,runner_selftest.parallel_*"
        p = run("run", "--device", "all", "-x", "--filter", sel, "--json", j, env=TWO, ok=(1,))
        r = report(tmp)
        got = [(e["device"], e["name"].split(".")[1], e["outcome"]) for e in r["results"]]
        dev0 = [g for g in got if g[0] == "opencl:0:0"]
        dev1 = [g for g in got if g[0] == "opencl:0:1"]
        expect(dev1 == [("opencl:0:1", "fails_on_device_1", "FAIL")], f"-x: opencl:0:1 ran {dev1}")
        expect(dev0[:1] == [("opencl:0:0", "fails_on_device_1", "PASS")] and len(dev0) <= 2 and
               not [g for g in got if g[1] == "parallel_b_holds"], f"-x did not stop opencl:0:0: {dev0}")
        expect(got == dev0 + dev1, f"report order {got}")
        expect(r["selection"]["stopped_by_fail_fast"] is True and r["selected"] == 6 and
               r["not_run"] == 6 - len(got), f"-x counts: selected {r['selected']}, not run {r['not_run']}")
        expect("stopped after the first test that did not pass (-x)" in p.stdout, "the console says why")


def mode_parallel_repeat_rerun():
    # --repeat and --rerun-failed in parallel: every report keeps device order, then tests in
    # registration order, each test's runs in a row; TAP numbers follow that order.
    two_devices_or_skip()
    sel = "runner_selftest.fails_on_device_1,device.vector_add"
    want = [(d, n, k, ("FAIL" if d.endswith(":1") and n.startswith("runner") else "PASS"))
            for d in ("opencl:0:0", "opencl:0:1") for n in ("device.vector_add", "runner_selftest.fails_on_device_1")
            for k in (1, 2)]
    with tempfile.TemporaryDirectory() as tmp:
        j, x, old = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml"), os.path.join(tmp, "old.json")
        run("run", "--device", "all", "--repeat", "2", "--filter", sel, "--json", old, "--junit", x, env=TWO, ok=(1,))
        r = report(tmp, "old.json")
        got = [(e["device"], e["name"], e["repetition"], e["outcome"]) for e in r["results"]]
        expect(got == want, f"--repeat 2 in parallel: {got}")
        cases = [(s.get("name"), c.get("name")) for s in ET.parse(x).getroot().findall("testsuite")
                 for c in s.findall("testcase")]
        expect(cases == [(f"gpucheck.run[{d}]", f"{n.split('.')[1]} (run {k}/2)") for d, n, k, _ in want],
               f"JUnit order {cases}")
        tap = run("run", "--device", "all", "--repeat", "2", "--filter", sel, "--tap", env=TWO, ok=(1,)).stdout
        lines = [ln for ln in tap.splitlines() if ln.startswith(("ok ", "not ok "))]
        expect(lines == [f"{'not ok' if o == 'FAIL' else 'ok'} {i + 1} - {d} {n} (run {k}/2)"
                         for i, (d, n, k, o) in enumerate(want)], f"TAP order {lines}")
        # The failures of that report, rerun on both devices: only fails_on_device_1 runs.
        run("run", "--device", "all", "--rerun-failed", old, "--json", j, env=TWO, ok=(1,))
        got = [(e["device"], e["name"], e["outcome"]) for e in report(tmp)["results"]]
        expect(got == [("opencl:0:0", "runner_selftest.fails_on_device_1", "PASS"),
                       ("opencl:0:1", "runner_selftest.fails_on_device_1", "FAIL")], f"--rerun-failed: {got}")


def mode_star_hides_mutants():
    def listed(*args):
        return json.loads(run("list", "--json", *args, ok=(0,)).stdout)["tests"]

    def hidden(t):
        tags = t["tags"]
        return t["name"].startswith("mutant_") or "mutant" in tags or "manual" in tags

    everything, star = listed(), listed("--filter", "*")
    expect([t["name"] for t in everything] == [t["name"] for t in star], "no filter and '*' differ")
    expect(star and not [t["name"] for t in star if hidden(t)],
           f"'*' selects tests built to fail or manual: {[t['name'] for t in star if hidden(t)][:5]}")
    for pattern in ("*.*", "*mutant*", "*sub_group*", "?utant_*"):
        expect(not [t for t in listed("--filter", pattern) if hidden(t)], f"{pattern!r} selects hidden tests")
    mutants = listed("--filter", "mutant_*")
    expect(len(mutants) >= 3 and all(t["name"].startswith("mutant_") for t in mutants),
           f"'mutant_*' must select the mutants: {len(mutants)}")
    tagged = listed("--tag", "mutant")
    expect(tagged and all("mutant" in t["tags"] for t in tagged), "--tag mutant")
    selftests = [t["name"] for t in listed("--tag", "manual") if t["name"].startswith("harness_selftest.")]
    expect(len(selftests) >= 7 and [t["name"] for t in listed("--filter", "harness_selftest.*")] == selftests,
           "a pattern naming the self-tests selects them")
    # A run that selects nothing for this reason says so.
    p = run("run", "--filter", "*mutant*", ok=(2,))
    expect("run only when named" in p.stderr, f"the hint about hidden tests: {p.stderr!r}")


def mode_fail_fast():
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")
        sel = "harness_selftest.missing_capability,harness_selftest.too_few_checks,device.vector_add"
        p = run("run", "-x", "--filter", sel, "--json", j, ok=(1,))
        r = report(tmp)
        got = [(e["name"], e["outcome"]) for e in r["results"]]
        # device.* registers first: it passes, the SKIP goes on, the INCONCLUSIVE stops the run.
        expect(got == [("device.vector_add", "PASS"), ("harness_selftest.missing_capability", "SKIP"),
                       ("harness_selftest.too_few_checks", "INCONCLUSIVE")], f"-x results {got}")
        expect(r["selection"]["stopped_by_fail_fast"] is True and r["not_run"] == 0, "-x: nothing after the last")
        n = len(json.loads(run("list", "--json", "--filter", "harness_selftest.*", ok=(0,)).stdout)["tests"])
        p = run("run", "--fail-fast", "--filter", "harness_selftest.*", "--json", j, ok=(1,))
        r = report(tmp)
        expect(n > 2 and len(r["results"]) == 1 and r["selected"] == n and r["not_run"] == n - 1 and
               r["selection"]["stopped_by_fail_fast"], f"--fail-fast: {len(r['results'])} results, {r['not_run']} not run")
        expect(f"stopped after the first test that did not pass (-x): {n - 1} of {n} selected tests not run" in p.stdout,
               f"the console says why: {p.stdout[-500:]!r}")
        # Without it every test runs (the control).
        run("run", "--filter", "harness_selftest.missing_capability,harness_selftest.too_few_checks,"
                   "harness_selftest.comparator_always_equal", "--json", j, ok=(1,))
        r = report(tmp)
        expect(len(r["results"]) == 3 and not r["selection"]["stopped_by_fail_fast"], "without -x all run")


def mode_repeat():
    with tempfile.TemporaryDirectory() as tmp:
        j, x = os.path.join(tmp, "r.json"), os.path.join(tmp, "r.xml")
        p = run("run", "--repeat", "3", "--filter", "device.vector_add", "--json", j, "--junit", x, ok=(0,))
        r = report(tmp)
        expect([(e["name"], e["repetition"]) for e in r["results"]] ==
               [("device.vector_add", k) for k in (1, 2, 3)], f"repeat: {r['results']}")
        expect(r["selected"] == 3 and r["selection"]["repeat"] == 3, "selected counts the runs")
        names = [c.get("name") for c in ET.parse(x).getroot().iter("testcase")]
        expect(names == [f"vector_add (run {k}/3)" for k in (1, 2, 3)], f"JUnit names {names}")
        expect("vector_add (run 3/3)" in p.stdout and p.stdout.strip().endswith("3 passed, 0 failed, 0 skipped"),
               "console shows every run")


def mode_rerun_failed():
    with tempfile.TemporaryDirectory() as tmp:
        old, new = os.path.join(tmp, "old.json"), os.path.join(tmp, "new.json")
        run("run", "--filter", "device.vector_add,harness_selftest.missing_capability,harness_selftest.too_few_checks",
            "--json", old, ok=(1,))
        p = run("run", "--rerun-failed", old, "--json", new, ok=(1,))
        got = [(e["name"], e["outcome"]) for e in report(tmp, "new.json")["results"]]
        expect(got == [("harness_selftest.too_few_checks", "INCONCLUSIVE")], f"rerun selected {got}")
        expect(report(tmp, "new.json")["selection"]["rerun_failed"] == old, "the report names the old report")
        # list shows the same selection; narrowing options apply on top.
        p = run("list", "--rerun-failed", old, ok=(0,))
        expect(p.stdout.startswith("harness_selftest.too_few_checks") and "1 selected" in p.stdout, f"list: {p.stdout!r}")
        run("run", "--rerun-failed", old, "--exclude", "harness_selftest.*", ok=(2,))
        # A report where nothing failed, one that is not ours, one cut short: usage errors.
        p = run("run", "--rerun-failed", os.path.join(tmp, "new.json"), "--filter", "device.*", ok=(2,))
        expect("among the failed tests" in p.stderr, f"narrowed to nothing: {p.stderr!r}")
        run("run", "--filter", "device.vector_add", "--json", old, ok=(0,))
        p = run("run", "--rerun-failed", old, ok=(2,))
        expect("nothing to rerun" in p.stderr, f"no failures: {p.stderr!r}")
        with open(old, "w") as f:
            f.write('{"schema_version": 2, "results": [{"name": "device.vector_add", "outcome": "FAIL"}')
        p = run("run", "--rerun-failed", old, ok=(2,))
        expect("not valid JSON: line 1, column" in p.stderr and "(byte " in p.stderr, f"a cut report: {p.stderr!r}")
        p = run("run", "--rerun-failed", os.path.join(tmp, "missing.json"), ok=(2,))
        expect("cannot read" in p.stderr, f"a missing report: {p.stderr!r}")
        fifo = os.path.join(tmp, "fifo.json")
        os.mkfifo(fifo)
        p = run("run", "--rerun-failed", fifo, ok=(2,))  # refused at once, not waited on
        expect("not a regular file" in p.stderr, f"a FIFO: {p.stderr!r}")


def mode_params():
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")
        run("run", "--filter", "runner_selftest.reads_params", "--param", "runner_selftest.count=0x10",
            "--param", "runner_selftest.seconds=2.5", "--json", j, ok=(0,))
        r = report(tmp)
        figs = {f["name"]: f["value"] for f in r["results"][0]["figures"]}
        expect(figs == {"count": 16, "seconds": 2.5}, f"the test got {figs}")
        expect(r["params"] == {"runner_selftest.count": "0x10", "runner_selftest.seconds": "2.5"}, f"params {r['params']}")
        run("run", "--filter", "runner_selftest.reads_params", "--json", j, ok=(0,))
        figs = {f["name"]: f["value"] for f in report(tmp)["results"][0]["figures"]}
        expect(figs == {"count": -1, "seconds": -1}, f"without --param the test got {figs}")
    # Refused before any test runs: unknown keys (listing the known ones), octal, junk.
    for param, text in (("runner_selftest.cont=1", "runner_selftest.count"), ("runner_selftest.count=010", "leading zero"),
                        ("runner_selftest.count=1001", "too large"), ("runner_selftest.seconds=1s", "not a number"),
                        ("nosuite.x=1", "atomic_fence.rounds")):
        p = run("run", "--filter", "runner_selftest.reads_params", "--param", param, ok=(2,))
        expect(text in p.stderr and "passed," not in p.stdout, f"--param {param}: {p.stderr!r}")
    p = run("list", "--params", ok=(0,))
    expect("atomic_fence.rounds" in p.stdout and "runner_selftest.count" in p.stdout, "list --params")
    # The fence suite reads its parameters from --param; its old environment variables are refused.
    with tempfile.TemporaryDirectory() as tmp:
        j = os.path.join(tmp, "r.json")
        t = "atomic_fence.local.release_acquire.work_group"
        # (--scale 0.05 for speed: the test may then be INCONCLUSIVE, its parameters are what counts)
        run("run", "--filter", t, "--scale", "0.05", "--param", "atomic_fence.rounds=3", "--json", j, ok=(0, 1))
        log = report(tmp)["results"][0]["log"]
        expect(" rounds=3* " in log, f"fence log: {log[:400]!r}")
        run("run", "--filter", t, "--scale", "0.05", "--json", j, ok=(0, 1))
        log = report(tmp)["results"][0]["log"]
        expect(" rounds=3" not in log and " rounds=" in log, "without --param the default")
        run("run", "--filter", t, "--scale", "0.05", "--json", j, env={"GPUCHECK_FENCE_ROUNDS": "010"}, ok=(1,))
        e = report(tmp)["results"][0]
        expect(e["outcome"] == "ERROR" and "--param atomic_fence.rounds=" in e["reason"], f"env: {e['reason']!r}")


def mode_numbers():
    for args in (("--seed", "010"), ("--timeout", "010"), ("--seed", "1x"), ("--seed", "-1"),
                 ("--seed", "18446744073709551616"), ("--repeat", "0")):
        p = run("run", "--filter", "device.vector_add", *args, ok=(2,))
        expect("passed," not in p.stdout, f"{args} ran tests")


MODES = {k[5:]: v for k, v in globals().items() if k.startswith("mode_")}
MODES[sys.argv[2]]()
checks.finish()
