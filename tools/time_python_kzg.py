#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Time per call of gpucheck.kzg beside PyPI ckzg's, on the same random blobs, and check
that the bytes agree (the evidence of docs/kzg.md on a GPU; not a test).

usage: GPUCHECK_LIBRARY=.../libgpucheck.so PYTHONPATH=python/src \\
       tools/time_python_kzg.py TRUSTED_SETUP [BLOBS (64)] [CKZG_PRECOMPUTE (8)]
"""
import random
import sys
import time

import gpucheck.kzg as kzg

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


def timed(f):
    t = time.perf_counter()
    out = f()
    return out, time.perf_counter() - t


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    setup, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 64
    pre = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    rng = random.Random(1)
    blobs = [b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(4096)) for _ in range(n)]
    ts, t = timed(lambda: kzg.load_trusted_setup(setup, 0))
    print(f"gpucheck.kzg: load and precompute {t:.1f} s on {', '.join(ts.devices)}")
    kzg.compute_cells_and_kzg_proofs(blobs[0], ts)  # warm
    k = min(n, 16)
    one, t1 = timed(lambda: [kzg.compute_cells_and_kzg_proofs(b, ts) for b in blobs[:k]])
    batch, tb = timed(lambda: kzg.compute_cells_and_kzg_proofs_batch(blobs, ts))
    print(f"gpucheck.kzg compute_cells_and_kzg_proofs: {t1 / k * 1e3:.2f} ms a call of one blob; "
          f"batch of {n}: {tb / n * 1e3:.2f} ms a blob")
    try:
        import ckzg
    except ImportError as e:
        print(f"PyPI ckzg not installed ({e}): no comparison")
        return 0
    ref_ts, t = timed(lambda: ckzg.load_trusted_setup(setup, pre))
    m = min(n, 4)
    ref, tr = timed(lambda: [ckzg.compute_cells_and_kzg_proofs(b, ref_ts) for b in blobs[:m]])
    print(f"ckzg {getattr(ckzg, '__version__', '')} (precompute {pre}, load {t:.1f} s): {tr / m * 1e3:.2f} ms a call")
    same = all(tuple(map(list, ref[i])) == tuple(map(list, one[i])) == tuple(map(list, batch[i])) for i in range(m))
    print("same bytes as ckzg:", same)
    # EIP-4844 verification: each blob's commitment and proof from ckzg, verified both ways
    cms = [bytes(ckzg.blob_to_kzg_commitment(b, ref_ts)) for b in blobs]
    pfs = [bytes(ckzg.compute_blob_kzg_proof(b, c, ref_ts)) for b, c in zip(blobs, cms)]
    v1, tv1 = timed(lambda: [kzg.verify_blob_kzg_proof(b, c, p, ts) for b, c, p in zip(blobs[:k], cms, pfs)])
    vb, tvb = timed(lambda: kzg.verify_blob_kzg_proofs(blobs, cms, pfs, ts))
    vr, tvr = timed(lambda: [ckzg.verify_blob_kzg_proof(b, c, p, ref_ts) for b, c, p in zip(blobs[:m], cms, pfs)])
    print(f"verify_blob_kzg_proof: gpucheck.kzg {tv1 / k * 1e3:.2f} ms a call of one, {tvb / n * 1e3:.3f} ms a blob "
          f"in one call of {n}; ckzg {tvr / m * 1e3:.2f} ms a call")
    valid = all(v1) and all(vb) and all(vr)
    print("every verdict true:", valid)
    return 0 if same and valid else 1


if __name__ == "__main__":
    sys.exit(main())
