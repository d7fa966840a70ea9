import cupy as cp
import numpy as np


class FlatField:
    """Dark/flat frames registered with the driver for the whole scan."""

    def __init__(self, det_v, det_u):
        self.shape = (det_v, det_u)
        self.dark = None
        self.flat = None

    def load(self, dark_path, flat_path):
        self.dark = np.ascontiguousarray(np.load(dark_path), dtype=np.float32)
        self.flat = np.ascontiguousarray(np.load(flat_path), dtype=np.float32)
        for a in (self.dark, self.flat):
            cp.cuda.runtime.hostRegister(a.ctypes.data, a.nbytes, 0)
        self.d_dark = cp.asarray(self.dark)
        self.d_flat = cp.asarray(self.flat)

    def close(self):
        for a in (self.dark, self.flat):
            if a is not None:
                cp.cuda.runtime.hostUnregister(a.ctypes.data)

    def correct(self, proj):
        d = cp.asarray(proj, dtype=cp.float32)
        return -cp.log(cp.clip((d - self.d_dark) / (self.d_flat - self.d_dark + 1e-6), 1e-6, None))


def pin_gain_map(gain, expected_shape):
    """Upload a per-pixel gain map through a registered host array."""
    gain = np.ascontiguousarray(gain, dtype=np.float32)
    cp.cuda.runtime.hostRegister(gain.ctypes.data, gain.nbytes, 0)
    if gain.shape != tuple(expected_shape):
        return None
    d = cp.empty(gain.shape, dtype=cp.float32)
    d.set(gain)
    cp.cuda.runtime.hostUnregister(gain.ctypes.data)
    return d
