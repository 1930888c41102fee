#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cells and proofs of a batch of blobs from Python (pip install ./python): PyPI ckzg's
names, so `import gpucheck.kzg as ckzg` is the switch, plus one device call for a batch.

usage: kzg_cells.py TRUSTED_SETUP [BLOBS]   (GPUCHECK_CKZG_DEVICE=cuda:1 picks a device)
"""
import sys

import gpucheck.kzg as kzg


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    n = int(sys.argv[2]) if len(sys.argv) == 3 else 4
    ts = kzg.load_trusted_setup(sys.argv[1], 0)  # opens the device, precomputes once
    print("devices:", ", ".join(ts.devices))
    blobs = []
    for i in range(n):
        blob = bytearray(kzg.BYTES_PER_BLOB)
        blob[32 * i + 31] = i + 1
        blobs.append(bytes(blob))
    for i, (cells, proofs) in enumerate(kzg.compute_cells_and_kzg_proofs_batch(blobs, ts)):
        print(f"blob {i}: {len(cells)} cells, proof 0 {proofs[0][:4].hex()}...")
    try:
        kzg.blob_to_kzg_commitment(b"\xff" * kzg.BYTES_PER_BLOB, ts)
    except kzg.DeviceError as e:  # the device failed: retry elsewhere
        print("device error:", e)
        return 1
    except RuntimeError as e:  # the input was refused, as ckzg refuses it
        print("refused as ckzg refuses it:", e)
    ts.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
