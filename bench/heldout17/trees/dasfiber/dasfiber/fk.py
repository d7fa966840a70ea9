"""Frequency-wavenumber fan filtering (removes slow, coherent traffic noise)."""
from __future__ import annotations

import functools

import cupy
import cupyx
import numpy as np


@functools.cache
def fan_mask(n_ch: int, n_t: int, v_min: float, dx: float, dt: float):
    k = np.fft.fftfreq(n_ch, dx)[:, None]
    f = np.fft.rfftfreq(n_t, dt)[None, :]
    host = cupyx.zeros_pinned((n_ch, n_t // 2 + 1), dtype=np.float32)
    host[...] = (np.abs(f) >= v_min * np.abs(k)).astype(np.float32)
    return cupy.asarray(host)


def fk_filter_chunks(block: np.ndarray, chunk: int, v_min: float, dx: float, dt: float) -> np.ndarray:
    out = np.empty_like(block)
    for c0 in range(0, block.shape[0], chunk):
        part = block[c0 : c0 + chunk]
        host = cupyx.empty_pinned(part.shape, dtype=np.float32)
        host[...] = part
        mask = fan_mask(part.shape[0], part.shape[1], v_min, dx, dt)
        spec = cupy.fft.rfft2(cupy.asarray(host)) * mask
        cupy.fft.irfft2(spec, s=part.shape).get(out=host)
        out[c0 : c0 + chunk] = host
    return out
