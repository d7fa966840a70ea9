"""ctypes binding of libhillas (csrc/hillas.cu)."""
import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("SHOWERSIM_HILLAS", "libhillas.so"))
_f32p = ctypes.POINTER(ctypes.c_float)
_lib.hs_init.argtypes = [ctypes.c_int, ctypes.c_int]
_lib.hs_load_geometry.argtypes = [ctypes.c_char_p]
_lib.hs_moments.argtypes = [_f32p, ctypes.c_int, ctypes.c_int, _f32p]
_lib.hs_write_dl1.argtypes = [ctypes.c_char_p, _f32p, ctypes.c_int]
_lib.hs_calibrate.argtypes = [ctypes.c_char_p, ctypes.c_int]

N_PARAMS = 8


def init(n_pixels, max_events, geometry_path):
    if _lib.hs_init(n_pixels, max_events) != 0:
        raise RuntimeError("hs_init failed")
    if _lib.hs_load_geometry(geometry_path.encode()) != 0:
        raise RuntimeError(f"cannot load camera geometry {geometry_path}")


def compute_hillas(charge):
    charge = np.ascontiguousarray(charge, dtype=np.float32)
    n, npix = charge.shape
    out = np.empty((n, N_PARAMS), dtype=np.float32)
    rc = _lib.hs_moments(charge.ctypes.data_as(_f32p), n, npix, out.ctypes.data_as(_f32p))
    if rc != 0:
        raise RuntimeError(f"hs_moments failed: {rc}")
    return out


def write_dl1(path, params):
    params = np.ascontiguousarray(params, dtype=np.float32)
    return _lib.hs_write_dl1(path.encode(), params.ctypes.data_as(_f32p), params.shape[0])
