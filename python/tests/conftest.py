# SPDX-License-Identifier: Apache-2.0
"""The trusted setups every test module takes: gpucheck's (ts) and PyPI ckzg's (ref)."""
import pytest

import gpucheck.kzg as kzg
from _common import SETUP, ckzg


@pytest.fixture(scope="module")
def ts():
    s = kzg.load_trusted_setup(SETUP, 0)
    yield s
    s.close()


@pytest.fixture(scope="module")
def ref():
    return ckzg.load_trusted_setup(SETUP, 0)
