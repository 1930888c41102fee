#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Time c-kzg-4844 (PyPI ckzg) on this machine: the CPU baseline for gpucheck's ratios.

Times compute_cells_and_kzg_proofs and blob_to_kzg_commitment (--ops: also the proofs,
verifications and recovery of the KZG API, each call's arguments made from a blob before
timing) on N random blobs, on one core
(in this process) and on P cores (a process pool, one trusted setup loaded per worker), for
each precompute level, and prints medians in ms per blob. Run it on the same machine, in the
same call as `gpucheck bench --filter 'fk20*'` (scripts/gpu-run.sh --ckzg N), so that each
ratio comes from one run.

Blobs: blob b is the splitmix64 stream seeded SEED + b (4 words per element, most significant
first, top word & 0x3fffffffffffffff), so with the default seed blobs 0 and 1 are the cases
random_0 and random_1 of crypto/kzg/vectors/ckzg_cells.txt.

Measures:
  procs = 1: every call timed alone (after one warm-up call); median/min/max over
             blobs x repeats, ms per blob (latency).
  procs = P: the N blobs mapped over a pool of P workers (chunksize 1, after a warm-up call in
             every worker); wall time of the whole batch / N, ms per blob (throughput);
             median/min/max over the repeats. Use N >= several times P.

Usage:
    pip install ckzg==2.1.8
    python3 tools/bench_ckzg.py --blobs 64 --repeats 3 --precompute 0,8 --procs 1,16 \
        --json ckzg_bench.json
"""
import argparse
import json
import multiprocessing as mp
import os
import platform
import statistics
import sys
import time

import ckzg

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
SEED = 0x75940000
MASK64 = (1 << 64) - 1
N_ELEMS = 4096

try:
    from importlib.metadata import version as _pkg_version
    CKZG_VERSION = _pkg_version("ckzg")
except Exception:  # pragma: no cover
    CKZG_VERSION = "unknown"


def splitmix64(seed, k):
    z = (seed + (k + 1) * 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def make_blob(seed):
    out = bytearray()
    for e in range(N_ELEMS):
        w = [splitmix64(seed, 4 * e + j) for j in range(4)]
        w[0] &= 0x3FFFFFFFFFFFFFFF
        v = (w[0] << 192) | (w[1] << 128) | (w[2] << 64) | w[3]
        assert v < R
        out += v.to_bytes(32, "big")
    return bytes(out)


def default_setup_path():
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.path.normpath(os.path.join(here, "..", "..", "shared", "data", "trusted_setup.txt"))
    # the project's own copy of the ceremony's file where the checkout has no ../shared beside it
    return shared if os.path.exists(shared) else os.path.join(here, "..", "crypto", "kzg", "trusted_setup.txt")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


Z = (0x5EED << 200).to_bytes(32, "big")  # an evaluation point outside the domain


def _cells_args(blob, s):
    c = bytes(ckzg.blob_to_kzg_commitment(blob, s))
    cells, proofs = ckzg.compute_cells_and_kzg_proofs(blob, s)
    return c, list(cells), list(proofs)


def _prep_opening(blob, s):
    c = bytes(ckzg.blob_to_kzg_commitment(blob, s))
    p, y = ckzg.compute_kzg_proof(blob, Z, s)
    return (c, Z, bytes(y), bytes(p))


def _prep_blob_proof(blob, s):
    c = bytes(ckzg.blob_to_kzg_commitment(blob, s))
    return (blob, c, bytes(ckzg.compute_blob_kzg_proof(blob, c, s)))


def _prep_cells(blob, s):
    c, cells, proofs = _cells_args(blob, s)
    return ([c] * 128, list(range(128)), cells, proofs)


def _prep_recover(blob, s):
    _, cells, _ = _cells_args(blob, s)
    return (list(range(0, 128, 2)), cells[0::2])


def _prep_batch64(blob, s):
    b, c, p = _prep_blob_proof(blob, s)
    return (b * 64, c * 64, p * 64)


# op: (prepare(blob, setup) -> the call's arguments, untimed; the timed call on them). A
# unit is a blob: one call of its arguments (the 64-blob batch: one call of 64 copies).
OPS = {
    "compute_cells_and_kzg_proofs": (lambda b, s: (b,), ckzg.compute_cells_and_kzg_proofs),
    "blob_to_kzg_commitment": (lambda b, s: (b,), ckzg.blob_to_kzg_commitment),
    "compute_blob_kzg_proof": (lambda b, s: _prep_blob_proof(b, s)[:2], ckzg.compute_blob_kzg_proof),
    "verify_kzg_proof": (_prep_opening, ckzg.verify_kzg_proof),
    "verify_blob_kzg_proof": (_prep_blob_proof, ckzg.verify_blob_kzg_proof),
    "verify_blob_kzg_proof_batch64": (_prep_batch64, ckzg.verify_blob_kzg_proof_batch),
    "verify_cell_kzg_proof_batch128": (_prep_cells, ckzg.verify_cell_kzg_proof_batch),
    "recover_cells_and_kzg_proofs": (_prep_recover, ckzg.recover_cells_and_kzg_proofs),
}
DEFAULT_OPS = "compute_cells_and_kzg_proofs,blob_to_kzg_commitment"

_W_SETUP = None
_W_OP = None


def _worker_init(setup_path, precompute, op):
    global _W_SETUP, _W_OP
    _W_SETUP = ckzg.load_trusted_setup(setup_path, precompute)
    _W_OP = OPS[op][1]


def _worker_run(args):
    _W_OP(*args, _W_SETUP)
    return os.getpid()


def bench_one_core(inputs, setup, op, repeats):
    fn = OPS[op][1]
    fn(*inputs[0], setup)  # warm-up
    samples = []
    for _ in range(repeats):
        for args in inputs:
            t = time.perf_counter()
            fn(*args, setup)
            samples.append((time.perf_counter() - t) * 1e3)
    return samples


def bench_pool(inputs, setup_path, precompute, op, procs, repeats):
    ctx = mp.get_context("spawn")   # each worker loads its own setup; nothing inherited
    with ctx.Pool(procs, initializer=_worker_init, initargs=(setup_path, precompute, op)) as pool:
        pids = set(pool.map(_worker_run, inputs[:1] * procs, chunksize=1))  # warm-up
        samples = []
        for _ in range(repeats):
            t = time.perf_counter()
            pool.map(_worker_run, inputs, chunksize=1)
            samples.append((time.perf_counter() - t) * 1e3 / len(inputs))
    return samples, len(pids)


def parse_list(text, all_value):
    out = []
    for tok in text.split(","):
        tok = tok.strip()
        out.append(all_value if tok in ("all", "max") else int(tok))
    return out


def main():
    ncpu = os.cpu_count() or 1
    try:
        nallowed = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        nallowed = ncpu
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blobs", type=int, default=32, help="N random blobs (default 32)")
    ap.add_argument("--repeats", type=int, default=3, help="K passes over the blobs (default 3)")
    ap.add_argument("--precompute", default="0,8", help="comma list (default 0,8)")
    ap.add_argument("--procs", default="1,all",
                    help="comma list of process counts; 'all' = usable cores (%d here)" % nallowed)
    ap.add_argument("--ops", default=DEFAULT_OPS, help="comma list of: " + ", ".join(OPS))
    ap.add_argument("--seed", type=lambda s: int(s, 0), default=SEED)
    ap.add_argument("--setup", default=default_setup_path())
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    args = ap.parse_args()
    precomputes = parse_list(args.precompute, 8)
    procs_list = sorted(set(parse_list(args.procs, nallowed)))
    ops = [o.strip() for o in args.ops.split(",") if o.strip()]
    for o in ops:
        if o not in OPS:
            ap.error("unknown op %r" % o)
    if args.blobs < 1 or args.repeats < 1 or min(procs_list) < 1:
        ap.error("--blobs, --repeats and --procs must be >= 1")

    machine = {
        "cpu_model": cpu_model(), "logical_cpus": ncpu, "usable_cpus": nallowed,
        "platform": platform.platform(), "python": sys.version.split()[0],
        "ckzg_version": CKZG_VERSION, "hostname": platform.node(),
    }
    print("ckzg %s on %s (%d logical CPUs, %d usable)" % (CKZG_VERSION, machine["cpu_model"],
                                                         ncpu, nallowed))
    t = time.perf_counter()
    blobs = [make_blob(args.seed + b) for b in range(args.blobs)]
    print("%d blobs from seed 0x%x (%.1fs to make); %d repeats"
          % (len(blobs), args.seed, time.perf_counter() - t, args.repeats))
    results = []
    print("%-30s %4s %5s %10s %10s %10s %8s" % ("op", "pre", "procs", "median ms", "min ms",
                                              "max ms", "samples"))
    for pre in precomputes:
        t = time.perf_counter()
        setup = ckzg.load_trusted_setup(args.setup, pre)
        load_s = time.perf_counter() - t
        for op in ops:
            inputs = [OPS[op][0](b, setup) for b in blobs]
            for procs in procs_list:
                if procs == 1:
                    samples = bench_one_core(inputs, setup, op, args.repeats)
                    workers = 1
                    kind = "latency: each call timed alone"
                else:
                    samples, workers = bench_pool(inputs, args.setup, pre, op, procs, args.repeats)
                    kind = "throughput: batch wall time / blobs"
                rec = {
                    "op": op, "precompute": pre, "procs": procs, "workers_seen": workers,
                    "measure": kind, "ms_per_blob_median": statistics.median(samples),
                    "ms_per_blob_min": min(samples), "ms_per_blob_max": max(samples),
                    "samples": len(samples), "setup_load_s": load_s,
                }
                results.append(rec)
                print("%-30s %4d %5d %10.2f %10.2f %10.2f %8d" % (
                    op, pre, procs, rec["ms_per_blob_median"], rec["ms_per_blob_min"],
                    rec["ms_per_blob_max"], len(samples)), flush=True)
        del setup
    if args.json:
        doc = {"tool": "tools/bench_ckzg.py", "machine": machine,
               "params": {"blobs": args.blobs, "repeats": args.repeats, "seed": args.seed,
                          "precompute": precomputes, "procs": procs_list, "ops": ops,
                          "setup": os.path.abspath(args.setup)},
               "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
               "results": results}
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("wrote " + args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
