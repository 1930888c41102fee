#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""check_layers.py: the source tree keeps its layering (docs/architecture.md, "Layers").

Two graphs between files, both read from the sources alone (no build needed):
  includes  a file's `#include "..."` lines, resolved as the build resolves them;
  calls     a .c file that names a function another .c file defines (not static) depends
            on that file: how a circle hidden behind a shared header shows.
Reported, with exit status 1:
  - an include or a call from a lower layer to a higher one (an arrow back up);
  - a circle: two or more files of one layer that depend on each other, through includes
    or calls (a strongly connected component of either graph).
Usage: check_layers.py [--root DIR]   (default: the repository this script lives in)
"""
import argparse
import os
import re
import sys

# Top first. A path belongs to the longest prefix that names it; the public headers
# (include/) and the kernel dialect (kernels/) are interfaces that any layer may include.
LAYERS = [
    ("src/cli", "commands"),
    ("suites", "suites"),
    ("src/ckzg", "ckzg"),
    ("crypto/kzg", "crypto/kzg"),
    ("crypto/bls12_381", "crypto/bls12_381"),
    ("src/harness", "harness"),
    ("src/compare", "compare"),
    ("src/report", "report"),
    ("src/result", "result"),
    ("src/device", "device"),
    ("src/backend", "backend"),
    ("src/common", "common"),
]
RANK = {}
for _prefix, _name in LAYERS:
    RANK.setdefault(_name, len(LAYERS) - len(RANK))
INTERFACES = ("include", "kernels")
SCANNED = ("src", "suites", "crypto", "include", "kernels")
SOURCE_EXT = (".c", ".h", ".gc")


def layer_of(rel):
    best = None
    for prefix, name in LAYERS:
        if (rel == prefix or rel.startswith(prefix + "/")) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, name)
    return best[1] if best else None


def strip_comments_and_strings(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


DEFINITION = re.compile(r"^(?!static\b)(?!typedef\b)(?!extern\b)[A-Za-z_][\w \t\*]*?\b(\w+)\s*\(")


def defined_functions(text):
    """Names of the functions a .c file defines with external linkage: a definition starts
    at column 0 and its body's opening brace follows before any ';'."""
    names = set()
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = DEFINITION.match(line)
        if not m or line.startswith("#"):
            continue
        rest = "\n".join(lines[i : i + 12])[m.end() :]
        ends = [k for k in (rest.find("{"), rest.find(";"), rest.find("=")) if k >= 0]
        if ends and rest[min(ends)] == "{":
            names.add(m.group(1))
    return names


def resolve_include(root, rel, target):
    for base in (os.path.dirname(rel), "src", "", "include"):
        cand = os.path.normpath(os.path.join(base, target))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def read_tree(root):
    files = {}
    for top in SCANNED:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for f in sorted(filenames):
                if f.endswith(SOURCE_EXT):
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        files[rel] = fh.read()
    return files


def strongly_connected(nodes, edges):
    """Tarjan's algorithm, iterative; components of more than one node."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def check(root):
    files = read_tree(root)
    problems = []
    includes = {}
    for rel, text in files.items():
        for lineno, line in enumerate(text.split("\n"), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            target = resolve_include(root, rel, m.group(1))
            if target is None or target == rel:
                continue
            includes.setdefault(rel, set()).add(target)
            a, b = layer_of(rel), layer_of(target)
            if a and b and RANK[a] < RANK[b]:
                problems.append(f"{rel}:{lineno}: includes {target}: {a} is below {b}")
    stripped = {rel: strip_comments_and_strings(t) for rel, t in files.items() if rel.endswith(".c")}
    definer = {}
    for rel, text in stripped.items():
        for name in defined_functions(text):
            definer.setdefault(name, set()).add(rel)
    calls = {}
    for rel, text in stripped.items():
        for name in set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text)):
            for other in definer.get(name, ()):
                if other == rel:
                    continue
                if rel not in calls or other not in calls[rel]:
                    a, b = layer_of(rel), layer_of(other)
                    if a and b and RANK[a] < RANK[b]:
                        problems.append(f"{rel}: calls {name}() of {other}: {a} is below {b}")
                calls.setdefault(rel, set()).add(other)
    for what, graph in (("include", includes), ("call", calls)):
        for comp in strongly_connected(sorted(graph), graph):
            problems.append(f"{what} circle: " + " <-> ".join(comp))
    return files, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    files, problems = check(args.root)
    if not files:
        print(f"check_layers: no sources under {args.root}", file=sys.stderr)
        return 2
    for p in problems:
        print(p)
    print(f"check_layers: {len(files)} files, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
