from __future__ import annotations

import numpy as np

from . import hip


class SurfaceAlbedo:
    """Broadband surface albedo per column, kept page-locked for the boundary kernel."""

    def __init__(self, path: str, n_cols: int):
        arr = np.load(path, mmap_mode=None)
        if arr.shape[0] < n_cols:
            raise ValueError(f"{path}: {arr.shape[0]} columns, model has {n_cols}")
        self.albedo = arr[:n_cols]
        self._registered: int | None = None
        register_albedo(self, self.albedo)

    def close(self) -> None:
        if self._registered is not None:
            hip.lib.hipHostUnregister(self._registered)
            self._registered = None


def register_albedo(surface: SurfaceAlbedo, arr: np.ndarray) -> None:
    hip.check(hip.lib.hipHostRegister(arr.ctypes.data, arr.nbytes, hip.HOST_REGISTER_DEFAULT))
    if arr.dtype != np.float64 or not arr.flags.c_contiguous:
        raise TypeError(f"albedo map must be C-contiguous float64, got {arr.dtype}")
    surface._registered = arr.ctypes.data
