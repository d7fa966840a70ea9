"""Minimal SDR source abstraction: the station driver or a recorded file."""
from __future__ import annotations

import ctypes
import os

import numpy as np


class FileSource:
    """Replays a raw ci16 recording window by window."""

    def __init__(self, path: str, window: int):
        self.data = np.memmap(path, dtype=np.int16, mode="r")
        self.window = window
        self.n_windows = len(self.data) // (2 * window)
        self._pos = 0

    def read_into(self, ptr: ctypes.c_void_p, n_samples: int) -> None:
        chunk = self.data[self._pos: self._pos + 2 * n_samples]
        ctypes.memmove(ptr, chunk.ctypes.data, chunk.nbytes)
        self._pos = (self._pos + 2 * n_samples) % max(len(self.data) - 2 * n_samples, 1)


def open_source(device: str, window: int):
    if os.path.exists(device):
        return FileSource(device, window)
    from station_driver import RxStream  # vendor module on the stations

    return RxStream(device, window)
