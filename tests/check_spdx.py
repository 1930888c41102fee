#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every source file of the repository carries an SPDX line naming the licence.

Source files are the tracked C, kernel, CUDA, Python, shell, CMake and build files (data
under docs/results, tests/data, tests/fuzz/corpus, the generated vectors and the layer
checker's fixture trees, whose line numbers its test names, is not source).
The line must be within a file's first 10 lines. Exit 0 when every file has it, 1 with
the list of those that lack it, 2 on a usage error (no git, not a repository).

usage: check_spdx.py REPO_ROOT
"""
import pathlib
import subprocess
import sys

LINE = "SPDX-License-Identifier: Apache-2.0"
SUFFIXES = {".c", ".h", ".gc", ".cu", ".cuh", ".cl", ".inc", ".py", ".sh", ".cmake", ".in", ".toml"}
NAMES = {"CMakeLists.txt", "Makefile"}
DATA_DIRS = ("docs/results/", "tests/data/", "tests/fuzz/corpus/", "crypto/kzg/vectors/",
             "crypto/bls12_381/vectors/", "tests/fixtures/layers/")


def is_source(path):
    if path.startswith(DATA_DIRS):
        return False
    p = pathlib.PurePosixPath(path)
    return p.name in NAMES or p.suffix in SUFFIXES


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    root = pathlib.Path(sys.argv[1])
    try:
        files = subprocess.run(["git", "-C", str(root), "ls-files"], check=True, capture_output=True,
                               text=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"check_spdx: cannot list the files of {root}: {e}", file=sys.stderr)
        return 2
    missing = []
    checked = 0
    for f in filter(is_source, files):
        path = root / f
        if not path.is_file():
            continue  # deleted in the work tree, not yet committed
        checked += 1
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = [next(fh, "") for _ in range(10)]
        if not any(LINE in h for h in head):
            missing.append(f)
    for f in missing:
        print(f"no '{LINE}' line in its first 10 lines: {f}")
    print(f"check_spdx: {checked} source files, {len(missing)} without the SPDX line")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
