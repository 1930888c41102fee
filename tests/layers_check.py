#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""layers_check.py: tools/check_layers.py finds what it must. On fixture trees
(tests/fixtures/layers/): `clean` (arrows only downwards) passes; `circle` (two headers that
include each other, two .c files that call each other) and `upward` (src/common including
and calling src/harness) fail, each with exactly the problems planted."""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(os.path.dirname(HERE), "tools", "check_layers.py")
FIXTURES = os.path.join(HERE, "fixtures", "layers")

EXPECTED = {
    "clean": (0, []),
    "circle": (1, ["include circle: src/device/first.h <-> src/device/second.h",
                   "call circle: src/device/first.c <-> src/device/second.c"]),
    "upward": (1, ["src/common/helper.c:2: includes src/harness/runner_part.h: common is below harness",
                   "src/common/helper.c: calls runner_part() of src/harness/runner_part.c: common is below harness"]),
}


def main():
    failed = 0
    for tree, (want_rc, want) in EXPECTED.items():
        p = subprocess.run([sys.executable, CHECKER, "--root", os.path.join(FIXTURES, tree)],
                           capture_output=True, text=True)
        got = [l for l in p.stdout.splitlines() if not l.startswith("check_layers:")]
        ok = p.returncode == want_rc and sorted(got) == sorted(want)
        print(f"{'ok' if ok else 'FAIL'}: {tree}: exit {p.returncode} (want {want_rc}), {len(got)} problem(s)")
        if not ok:
            failed += 1
            print("  got:\n    " + "\n    ".join(got) + "\n  want:\n    " + "\n    ".join(want) + "\n" + p.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
