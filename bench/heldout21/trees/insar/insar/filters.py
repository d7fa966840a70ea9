from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray


class GoldsteinFilter:
    def __init__(self, alpha: float = 0.6, patch: int = 32):
        self.alpha = alpha
        self.patch = patch

    def apply(self, ifg: np.ndarray) -> np.ndarray:
        buf = drv.pagelocked_empty(ifg.shape, np.complex64)
        buf[...] = ifg
        d = gpuarray.to_gpu(buf)
        spec = np.fft.fft2(d.get().reshape(-1, self.patch, self.patch))
        w = np.abs(spec) ** self.alpha
        return np.fft.ifft2(spec * w).reshape(ifg.shape).astype(np.complex64)


class Multilook:
    def __init__(self, az: int = 4, rg: int = 16):
        self.az, self.rg = az, rg

    def apply(self, ifg: np.ndarray) -> np.ndarray:
        h, w = ifg.shape[0] // self.az, ifg.shape[1] // self.rg
        return ifg[: h * self.az, : w * self.rg].reshape(h, self.az, w, self.rg).mean((1, 3))


FILTERS = {"goldstein": GoldsteinFilter, "multilook": Multilook}
