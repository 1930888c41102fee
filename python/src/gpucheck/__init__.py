# SPDX-License-Identifier: Apache-2.0
"""gpucheck: GPU KZG for Ethereum. The KZG functions are in gpucheck.kzg."""

__version__ = "0.1.0"
