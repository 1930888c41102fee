#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""device.work_group_limit compares only the sub-checks that ran on the device.

usage: check_work_group_limit.py GPUCHECK

Runs the test and derives from its figures and the device what it exercised: the largest
launch (4 work-groups of min(kernel limit, max work-item size x), one element each), the
refusal one past the kernel's limit (one flag), and, only where g1_mul's own limit is
below the device's, the refusal past g1_mul's limit (a second flag). The checks it counts
must be exactly those: a flag for a sub-check that did not run (pre-set to its expected
value) would count one check too many."""
import sys
import tempfile

from gpucheck_run import run_with_reports


def main():
    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        proc, data, _ = run_with_reports(exe, ["run", "--filter", "device.work_group_limit"], tmp)
        print(proc.stdout, proc.stderr)
    r = data["results"][0]
    fig = {f["name"]: f["value"] for f in r["figures"]}
    dev = data["device"]
    wg = min(fig["kernel_limit"], dev["max_work_item_sizes"][0])
    heavy_ran = fig["g1_mul_limit"] < dev["max_work_group_size"] and \
        fig["g1_mul_limit"] + 1 <= dev["max_work_item_sizes"][0]
    want = 4 * wg + 1 + (1 if heavy_ran else 0)
    errors = []
    if r["outcome"] != "PASS":
        errors.append(f"outcome {r['outcome']}: {r['reason']}")
    if r["checks"] != want:
        errors.append(f"{r['checks']} checks, expected {want} (4 x {wg} elements, the refusal past the limit"
                      f"{', the refusal past g1_mul' if heavy_ran else ''})")
    if fig.get("g1_mul_limit_checked") != (1 if heavy_ran else 0):
        errors.append(f"g1_mul_limit_checked is {fig.get('g1_mul_limit_checked')}, the sub-check "
                      f"{'ran' if heavy_ran else 'did not run'}")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"ok: {r['checks']} checks, g1_mul sub-check {'ran' if heavy_ran else 'not exercised and not counted'}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
