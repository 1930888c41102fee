# SPDX-License-Identifier: Apache-2.0
"""Processes on this machine whose command line contains a text (for the runner's
leftover-process checks); the calling script itself is left out."""
import os
import sys


def processes_with(text):
    me = os.path.basename(sys.argv[0])
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in cmd and me not in cmd:
            found.append(f"{pid}: {cmd}")
    return found
