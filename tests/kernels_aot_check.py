#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`gpucheck kernels build|check` without a device (NVRTC only): a module compiled ahead of
time for sm_90 is found by the key a run computes (check without --dir searches as a run
does, through GC_KERNEL_DIR), not for another architecture, not once its bytes change, and
usage errors exit 2. Usage: kernels_aot_check.py GPUCHECK"""
import os
import subprocess
import sys
import tempfile

MODULE = "suites/harness_selftest/selftest.gc"


def run(gpucheck, *args, env=None):
    p = subprocess.run([gpucheck, "kernels", *args], capture_output=True, text=True, env=env, timeout=600)
    return p.returncode, p.stdout + p.stderr


def main():
    gpucheck = sys.argv[1]
    failures = []

    def expect(what, got, want):
        if got != want:
            failures.append(f"{what}: exit {got}, expected {want}")

    with tempfile.TemporaryDirectory() as d:
        rc, out = run(gpucheck, "build", "--arch", "sm_90", "--out", d, MODULE)
        expect("build", rc, 0)
        print(out.strip())
        entries = [f for f in os.listdir(d) if f.endswith(".bin")]
        if len(entries) != 1:
            failures.append(f"build wrote {len(entries)} entries, expected 1")
        env = dict(os.environ, GC_KERNEL_DIR=d)
        expect("check, as a run searches", run(gpucheck, "check", "--arch", "sm_90", MODULE, env=env)[0], 0)
        expect("check --dir", run(gpucheck, "check", "--arch", "sm_90", "--dir", d, MODULE)[0], 0)
        expect("check for sm_80 (none built)", run(gpucheck, "check", "--arch", "sm_80", "--dir", d, MODULE)[0], 1)
        expect("check of another module", run(gpucheck, "check", "--arch", "sm_90", "--dir", d,
                                               "suites/atomic_fence/read_outcome.gc")[0], 1)
        if entries:  # negative control: one changed byte and the entry no longer verifies
            path = os.path.join(d, entries[0])
            data = bytearray(open(path, "rb").read())
            data[-1] ^= 1
            open(path, "wb").write(bytes(data))
            expect("check of a changed entry", run(gpucheck, "check", "--arch", "sm_90", MODULE, env=env)[0], 1)
    for args in (["build"], ["build", "--arch", "sm_x"], ["build", "--arch"], ["check", "--bogus"], ["frob"], []):
        expect(f"usage {' '.join(args) or '(none)'}", run(gpucheck, *args)[0], 2)
    expect("build of a source that is not embedded", run(gpucheck, "build", "--arch", "sm_90", "--out",
                                                        tempfile.gettempdir(), "no/such.gc")[0], 1)
    for f in failures:
        print("FAIL:", f)
    print("kernels_aot:", "FAIL" if failures else "PASS")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
