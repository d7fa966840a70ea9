from __future__ import annotations

import numpy as np
import cupy as cp
import cupyx


class Coregistrator:
    """Geometric + enhanced-spectral-diversity coregistration of the secondary bursts."""

    def __init__(self, n_bursts: int, burst_shape):
        self.n_bursts = n_bursts
        self._pool = []
        for burst in range(n_bursts):
            self._pool.append(cupyx.empty_pinned(burst_shape, dtype=np.complex64))
        self.offsets = np.zeros((n_bursts, 2), np.float32)

    def resample(self, i: int, secondary: np.ndarray) -> cp.ndarray:
        host = self._pool[i]
        host[...] = secondary
        d = cp.asarray(host)
        dy, dx = self.offsets[i]
        return cp.roll(d, (int(round(dy)), int(round(dx))), axis=(0, 1))

    def refine_offsets(self, ref_bursts, sec_bursts) -> np.ndarray:
        for b in range(self.n_bursts):
            chip = cupyx.zeros_pinned((2, 64, 64), dtype=np.complex64)
            r, s = ref_bursts[b], sec_bursts[b]
            cy, cx = r.shape[0] // 2, r.shape[1] // 2
            chip[0] = r[cy - 32:cy + 32, cx - 32:cx + 32].get()
            chip[1] = s[cy - 32:cy + 32, cx - 32:cx + 32].get()
            d = cp.asarray(chip)
            xc = cp.fft.ifft2(cp.fft.fft2(d[0]) * cp.conj(cp.fft.fft2(d[1])))
            peak = int(cp.argmax(cp.abs(xc)))
            self.offsets[b] = np.unravel_index(peak, (64, 64))
            self.offsets[b] -= 32
        return self.offsets
