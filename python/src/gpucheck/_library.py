# SPDX-License-Identifier: Apache-2.0
"""Finds and loads libgpucheck.so and declares the part of its C interface (gc_kzg.h,
gc_device.h) that gpucheck.kzg calls. ctypes releases the GIL around every call."""
import ctypes
import ctypes.util
import os
import shutil
import subprocess

# gc_kzg_ret (include/gpucheck/gc_kzg.h), in order.
RET_NAMES = ("GC_KZG_OK", "GC_KZG_BADARGS", "GC_KZG_SETUP", "GC_KZG_IO", "GC_KZG_MALLOC",
             "GC_KZG_DEVICE_MEMORY", "GC_KZG_DEVICE", "GC_KZG_ERROR")
OK, BADARGS, SETUP, IO, MALLOC, DEVICE_MEMORY, DEVICE, ERROR = range(8)
GC_OK = 0
NO_TABLES = 0xFF
COMB_TEETH_MIN = 6


class Options(ctypes.Structure):
    """gc_kzg_options."""
    _fields_ = [("cell_size", ctypes.c_uint), ("comb_teeth", ctypes.c_uint), ("max_batch", ctypes.c_size_t),
                ("g1_conv_max_batch", ctypes.c_uint), ("commit_teeth", ctypes.c_uint)]


class DeviceInfo(ctypes.Structure):
    """The leading fields of gc_device_info (only read through a pointer the library owns)."""
    _fields_ = [("id", ctypes.c_char * 32), ("backend", ctypes.c_int), ("name", ctypes.c_char * 256),
                ("vendor", ctypes.c_char * 256), ("platform", ctypes.c_char * 256),
                ("device_version", ctypes.c_char * 256), ("driver_version", ctypes.c_char * 64),
                ("runtime_version", ctypes.c_char * 64), ("compiler_version", ctypes.c_char * 256),
                ("arch", ctypes.c_char * 64), ("is_gpu", ctypes.c_int), ("is_cpu", ctypes.c_int)]


def _candidates():
    env = os.environ.get("GPUCHECK_LIBRARY")
    if env:
        return [env]  # named explicitly: nothing else is tried
    found = []
    pkg_config = shutil.which("pkg-config") or shutil.which("pkgconf")
    if pkg_config:
        r = subprocess.run([pkg_config, "--variable=libdir", "gpucheck"], capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            found.append(os.path.join(r.stdout.strip(), "libgpucheck.so"))
    found.append(ctypes.util.find_library("gpucheck") or "libgpucheck.so")
    return found


def _declare(lib):
    p, c_int, size, char_p = ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p
    sigs = {
        "gc_devices_probe": (c_int, []),
        "gc_device_count": (size, []),
        "gc_device_info_at": (ctypes.POINTER(DeviceInfo), [size]),
        "gc_device_default": (c_int, [ctypes.POINTER(size)]),
        "gc_device_find": (c_int, [char_p, ctypes.POINTER(size)]),
        "gc_device_open": (c_int, [size, ctypes.POINTER(p)]),
        "gc_device_close": (None, [p]),
        "gc_last_error": (char_p, []),
        "gc_kzg_setup_load_file": (c_int, [ctypes.POINTER(p), char_p, char_p, size]),
        "gc_kzg_setup_free": (None, [p]),
        "gc_kzg_pool_create": (c_int, [ctypes.POINTER(p), ctypes.POINTER(p), size, p, ctypes.POINTER(Options),
                                       char_p, size]),
        "gc_kzg_pool_free": (None, [p]),
        "gc_kzg_pool_last_error": (c_int, [p, ctypes.POINTER(size), ctypes.POINTER(char_p)]),
        "gc_kzg_pool_blob_to_commitment": (c_int, [p, p, p, size, ctypes.POINTER(c_int)]),
        "gc_kzg_pool_compute_cells": (c_int, [p, p, p, size, ctypes.POINTER(c_int)]),
        "gc_kzg_pool_compute_cells_and_proofs": (c_int, [p, p, p, p, p, size,
                                                         ctypes.POINTER(c_int)]),
        "gc_kzg_pool_ctx": (p, [p, size]),
        "gc_kzg_ctx_last_device_status": (c_int, [p, ctypes.POINTER(char_p)]),
        "gc_kzg_verify_cell_kzg_proof_batch": (c_int, [p, ctypes.POINTER(ctypes.c_bool), p, p, p, p, size]),
        "gc_kzg_compute_kzg_proof": (c_int, [p, p, p, p, p, size, ctypes.POINTER(c_int)]),
        "gc_kzg_compute_blob_kzg_proof": (c_int, [p, p, p, p, size, ctypes.POINTER(c_int)]),
        "gc_kzg_verify_kzg_proof": (c_int, [p, ctypes.POINTER(ctypes.c_bool), p, p, p, p, size,
                                            ctypes.POINTER(c_int)]),
        "gc_kzg_verify_blob_kzg_proof": (c_int, [p, ctypes.POINTER(ctypes.c_bool), p, p, p, size,
                                                 ctypes.POINTER(c_int)]),
        "gc_kzg_verify_blob_kzg_proof_batch": (c_int, [p, ctypes.POINTER(ctypes.c_bool), p, p, p, size]),
        "gc_kzg_recover_cells_and_proofs": (c_int, [p, p, p, p, p, ctypes.POINTER(size), size,
                                                    ctypes.POINTER(c_int)]),
    }
    for name, (res, args) in sigs.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def load():
    errors = []
    for path in _candidates():
        try:
            return _declare(ctypes.CDLL(path))
        except OSError as e:
            errors.append(f"{path}: {e}")
    raise ImportError("gpucheck.kzg: libgpucheck.so not found (set GPUCHECK_LIBRARY to its path, or install "
                      "gpucheck where pkg-config finds it): " + "; ".join(errors))
