from __future__ import annotations

import numpy as np
from numba import cuda


@cuda.jit
def _recursive_stalta(x, nsta, nlta, cf, trig, thr):
    c = cuda.grid(1)
    if c >= x.shape[0]:
        return
    csta = 1.0 / nsta
    clta = 1.0 / nlta
    sta = 0.0
    lta = 1e-12
    hit = 0
    for i in range(x.shape[1]):
        v = x[c, i] * x[c, i]
        sta = csta * v + (1.0 - csta) * sta
        lta = clta * v + (1.0 - clta) * lta
        r = sta / lta if i >= nlta else 0.0
        cf[c, i] = r
        if r > thr:
            hit = 1
    trig[c] = hit


class StaLta:
    def __init__(self, n_chan: int, rate: int, sta_s: float, lta_s: float, thr: float):
        self.nsta = int(sta_s * rate)
        self.nlta = int(lta_s * rate)
        self.thr = thr
        self.triggers = cuda.mapped_array((n_chan,), dtype=np.int32)
        self._cf = None

    def run(self, window: np.ndarray) -> np.ndarray:
        if self._cf is None:
            self._cf = cuda.pinned_array(window.shape, dtype=np.float32)
        d_x = cuda.to_device(np.ascontiguousarray(window, dtype=np.float32))
        d_cf = cuda.device_array(window.shape, dtype=np.float32)
        blocks = (window.shape[0] + 63) // 64
        _recursive_stalta[blocks, 64](d_x, self.nsta, self.nlta, d_cf, self.triggers, self.thr)
        d_cf.copy_to_host(self._cf)
        return np.flatnonzero(self.triggers)

    def reset_state(self) -> None:
        # the recursive averages restart on every new window
        self._cf = None
