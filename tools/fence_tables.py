#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Markdown tables of an atomic_fence run, from gpucheck's JSON report:

    tools/fence_tables.py run.json > tables.md

One table for the fenced tests (outcome, checks, per-layout checks / stale), one for
the twins (weak outcomes, rate, fraction, per layout), and the mutation score with its
log. docs/atomic_fence.md explains each column."""
import json
import sys


def figures(t):
    return {f["name"]: f["value"] for f in t.get("figures", [])}


def layouts(fig, prefix):
    names = []
    for k in fig:
        if k.startswith("checks_") and k != "checks_per_s":
            names.append(k[len("checks_"):])
    return [(n, fig.get("checks_" + n, 0), fig.get(prefix + n, 0)) for n in names]


def n(v):
    return f"{int(v):,}"


def main(path):
    d = json.load(open(path))
    dev = d["device"]
    tests = [t for t in d["results"] if t["suite"] == "atomic_fence"]
    outcomes = {}
    for t in tests:
        outcomes[t["outcome"]] = outcomes.get(t["outcome"], 0) + 1
    suite_s = sum(t["seconds"] for t in tests)
    print(f"Device: {dev['name']} ({dev['id']}, {dev.get('driver_version', '')}), suite {suite_s:.1f} s, "
          f"seed {d['seed']}; outcomes: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print()
    print("| test | outcome | checks | layout 1: checks / stale | layout 2: checks / stale | seconds |")
    print("|---|---|---:|---|---|---:|")
    for t in tests:
        if t["test"].startswith("twin.") or t["test"] == "mutation_score":
            continue
        fig = figures(t)
        if t["outcome"] == "SKIP":
            print(f"| {t['test']} | SKIP | | {t['reason']} | | |")
            continue
        cols = [f"{name}: {n(c)} / {n(s)}" for name, c, s in layouts(fig, "stale_")]
        cols += [""] * (2 - len(cols))
        print(f"| {t['test']} | {t['outcome']} | {n(t['checks'])} | {cols[0]} | {cols[1]} | {t['seconds']:.2f} |")
    print()
    print("| twin | outcome | checks | weak outcomes | weak per s | weak fraction | per layout (weak) |")
    print("|---|---|---:|---:|---:|---:|---|")
    for t in tests:
        if not t["test"].startswith("twin."):
            continue
        fig = figures(t)
        if t["outcome"] == "SKIP":
            print(f"| {t['test']} | SKIP | | | | | {t['reason']} |")
            continue
        per = ", ".join(f"{name}: {n(w)}" for name, _, w in layouts(fig, "weak_"))
        print(f"| {t['test']} | {t['outcome']} | {n(t['checks'])} | {n(fig.get('weak', 0))} | "
              f"{fig.get('weak_per_s', 0):.3g} | {fig.get('weak_fraction', 0):.3g} | {per} |")
    score = next((t for t in tests if t["test"] == "mutation_score"), None)
    if score and score["outcome"] != "SKIP":
        fig = figures(score)
        print()
        print(f"**Mutation score: {int(fig.get('twins_observed', 0))}/{int(fig.get('twins_applicable', 0))} = "
              f"{fig.get('score', 0):.3f}** ({score['seconds']:.2f} s)")
        print()
        for line in score.get("log", "").splitlines():
            if line.startswith("twin."):
                print("    " + line)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: fence_tables.py RUN.json")
    main(sys.argv[1])
