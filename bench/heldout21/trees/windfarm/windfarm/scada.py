from __future__ import annotations

import ctypes

import numpy as np
import pandas as pd

from .cudart import check, runtime

CHANNELS = ["wind_speed", "wind_dir", "power", "yaw", "pitch", "rotor_rpm"]


def window_to_device(df: pd.DataFrame, upload) -> None:
    """Stage one SCADA window (rows x channels) and hand it to `upload(ptr, nbytes)`."""
    values = df[CHANNELS].to_numpy(np.float32)
    ptr = ctypes.c_void_p()
    check(runtime.cudaMallocHost(ctypes.byref(ptr), values.nbytes), "cudaMallocHost")
    try:
        ctypes.memmove(ptr, values.ctypes.data, values.nbytes)
        upload(ptr.value, values.nbytes)
    finally:
        runtime.cudaFreeHost(ptr)


class ScadaRing:
    """Grow-only pinned buffer for the rolling SCADA history."""

    def __init__(self):
        self.ptr = ctypes.c_void_p()
        self.cap = 0

    def ensure(self, nbytes: int) -> ctypes.c_void_p:
        if nbytes > self.cap:
            if self.cap:
                runtime.cudaFreeHost(self.ptr)
            new_cap = max(nbytes, 2 * self.cap)
            check(runtime.cudaHostAlloc(ctypes.byref(self.ptr), new_cap, 0), "cudaHostAlloc")
            self.cap = new_cap
        return self.ptr

    def push(self, df: pd.DataFrame) -> None:
        values = df[CHANNELS].to_numpy(np.float32)
        dst = self.ensure(values.nbytes)
        ctypes.memmove(dst, values.ctypes.data, values.nbytes)
