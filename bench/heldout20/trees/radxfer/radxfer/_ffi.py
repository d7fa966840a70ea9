"""cffi (ABI mode) bindings for libradxfer."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
from cffi import FFI

ffi = FFI()
ffi.cdef(
    """
    typedef struct rt_ctx rt_ctx;
    typedef struct { int n_bands; int n_g; int n_layers; int n_cols; } rt_dims;
    rt_ctx* rt_create(const rt_dims* dims);
    void rt_destroy(rt_ctx* ctx);
    int rt_load_lookup(rt_ctx* ctx, const char* path);
    int rt_init_solar(rt_ctx* ctx, const double* spectrum, int n);
    int rt_compute_bands(rt_ctx* ctx, const double* play, const double* tlay, const double* h2o,
                         double* tau, int ncol);
    int rt_prepare_column(rt_ctx* ctx, const double* sfc_albedo, const double* mu0, int ncol, double* bc);
    int rt_write_restart(rt_ctx* ctx, const char* path);
    const char* rt_last_error(void);
    """
)

_default = Path(__file__).with_name("lib") / "libradxfer.so"
lib = ffi.dlopen(os.environ.get("RADXFER_LIB", str(_default)))


class RadxferError(RuntimeError):
    pass


def check(rc: int, what: str) -> None:
    if rc != 0:
        detail = ffi.string(lib.rt_last_error()).decode() or f"rc={rc}"
        raise RadxferError(f"{what}: {detail}")


def dptr(a: np.ndarray):
    if a.dtype != np.float64 or not a.flags.c_contiguous:
        raise TypeError("expected a C-contiguous float64 array")
    return ffi.cast("double *", a.ctypes.data)
