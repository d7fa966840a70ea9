from __future__ import annotations

import math

import numpy as np
from numba import cuda

_flags = None


@cuda.jit
def _stalta_kernel(x, sta, lta, thresh, flags):
    ch = cuda.grid(1)
    if ch >= x.shape[0]:
        return
    s = 0.0
    l = 0.0
    for t in range(x.shape[1]):
        v = x[ch, t] * x[ch, t]
        s += (v - s) / sta
        l += (v - l) / lta
        if l > 0 and s / l > thresh:
            flags[ch] = t
            return
    flags[ch] = -1


def _flag_buffer(n_ch: int):
    global _flags
    if _flags is None:
        _flags = cuda.mapped_array(n_ch, dtype=np.int32)
    return _flags


def detect(block: np.ndarray, sta: int, lta: int, thresh: float) -> list[tuple[int, int]]:
    flags = _flag_buffer(block.shape[0])
    with cuda.pinned(block):
        d = cuda.to_device(block)
    _stalta_kernel[math.ceil(block.shape[0] / 128), 128](d, sta, lta, thresh, flags)
    cuda.synchronize()
    return [(ch, int(t)) for ch, t in enumerate(flags) if t >= 0]
