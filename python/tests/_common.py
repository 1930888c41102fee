# SPDX-License-Identifier: Apache-2.0
"""What the tests share: the setup file, the field's modulus, random blobs, and PyPI ckzg
(the reference; the tests skip where it is not installed)."""
import os

import pytest

import gpucheck.kzg as kzg

ckzg = pytest.importorskip("ckzg", reason="PyPI ckzg (the reference) is not installed: pip install ckzg==2.1.8")

SETUP = os.environ.get("GPUCHECK_SETUP", os.path.join(os.path.dirname(__file__), "..", "..", "crypto", "kzg",
                                                       "trusted_setup.txt"))
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


def random_blob(rng):
    return b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(kzg.FIELD_ELEMENTS_PER_BLOB))
