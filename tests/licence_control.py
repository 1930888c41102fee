#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The negative control of licence_spdx: in a scratch repository of one file with the SPDX
line and one without, check_spdx.py must exit 1 and name exactly the one without."""
import os
import subprocess
import sys
import tempfile

CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check_spdx.py")


def main():
    with tempfile.TemporaryDirectory() as root:
        subprocess.run(["git", "init", "-q", root], check=True)
        with open(os.path.join(root, "with.c"), "w") as f:
            f.write("/* SPDX-License-Identifier: Apache-2.0 */\nint a;\n")
        with open(os.path.join(root, "without.c"), "w") as f:
            f.write("int b;\n")
        subprocess.run(["git", "-C", root, "add", "with.c", "without.c"], check=True)
        p = subprocess.run([sys.executable, CHECK, root], capture_output=True, text=True)
        named = [l for l in p.stdout.splitlines() if l.startswith("no '")]
        if p.returncode != 1 or len(named) != 1 or not named[0].endswith(": without.c"):
            print(f"FAIL: check_spdx.py did not single out without.c (exit {p.returncode}):\n{p.stdout}{p.stderr}")
            return 1
    print("ok: check_spdx.py names the one file without the SPDX line and exits 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
