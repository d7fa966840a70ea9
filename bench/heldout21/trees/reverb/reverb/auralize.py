from __future__ import annotations

import ctypes

import numpy as np

from .hip import runtime


class Auralizer:
    def __init__(self, ir: np.ndarray, block: int = 4096):
        self.ir = ir.astype(np.float32)
        self.block = block
        self.tail = np.zeros(len(ir) - 1, np.float32)

    def render_block(self, dry: np.ndarray) -> np.ndarray:
        n = len(dry) + len(self.ir) - 1
        ptr = ctypes.c_void_p()
        if runtime.hipHostMalloc(ctypes.byref(ptr), n * 4, 0) != 0:
            raise MemoryError("hipHostMalloc")
        try:
            wet = np.ctypeslib.as_array((ctypes.c_float * n).from_address(ptr.value))
            wet[:] = np.convolve(dry, self.ir)
            wet[: len(self.tail)] += self.tail
            self.tail = wet[len(dry):].copy()
            return wet[: len(dry)].copy()
        finally:
            runtime.hipHostFree(ptr)

    def render(self, dry: np.ndarray) -> np.ndarray:
        out = [self.render_block(dry[i:i + self.block]) for i in range(0, len(dry), self.block)]
        return np.concatenate(out)
