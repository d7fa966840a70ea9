import ctypes
import os

import numpy as np

_lib = ctypes.CDLL(os.environ.get("DRIZZLE_LIB", os.path.join(os.path.dirname(__file__), "libdrizzle.so")))
_f32p = ctypes.POINTER(ctypes.c_float)
_lib.drizzle_init.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_float, ctypes.c_float]
_lib.drizzle_frame.argtypes = [_f32p, ctypes.c_int, ctypes.c_int, ctypes.c_float, ctypes.c_float]
_lib.drizzle_write_fits.argtypes = [ctypes.c_char_p]
_lib.drizzle_load_weights.argtypes = [ctypes.c_char_p]


class Drizzler:
    def __init__(self, cfg, weights=None):
        if _lib.drizzle_init(cfg.height, cfg.width, cfg.drizzle_scale, cfg.pixfrac) != 0:
            raise RuntimeError("drizzle_init failed")
        if weights:
            _lib.drizzle_load_weights(weights.encode())

    def add(self, frame, dx=0.0, dy=0.0):
        frame = np.ascontiguousarray(frame, dtype=np.float32)
        rc = _lib.drizzle_frame(frame.ctypes.data_as(_f32p), frame.shape[0], frame.shape[1], dx, dy)
        if rc != 0:
            raise RuntimeError(f"drizzle_frame failed ({rc})")

    def write(self, path):
        return _lib.drizzle_write_fits(path.encode())

    def close(self):
        _lib.drizzle_shutdown()
