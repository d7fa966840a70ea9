from __future__ import annotations

import math

import numpy as np
from numba import cuda

# device-visible boundary counter shared by every call of call_boundaries
_BOUNDARY_COUNT = cuda.mapped_array(1, dtype=np.int32)


@cuda.jit
def _insulation_kernel(mat, w, out):
    i = cuda.grid(1)
    n = mat.shape[0]
    if i >= n:
        return
    if i < w or i + w >= n:
        out[i] = math.nan
        return
    acc = 0.0
    for a in range(i - w, i):
        for b in range(i + 1, i + w + 1):
            v = mat[a, b]
            if not math.isnan(v):
                acc += v
    out[i] = acc


@cuda.jit
def _minima_kernel(score, delta, flags, counter):
    i = cuda.grid(1)
    if 1 <= i < score.shape[0] - 1:
        s = score[i]
        if s < score[i - 1] - delta and s < score[i + 1] - delta:
            flags[i] = 1
            cuda.atomic.add(counter, 0, 1)


def insulation_scores(mats: dict[str, np.ndarray], window: int) -> dict[str, np.ndarray]:
    """log2 insulation score of every chromosome's balanced intra matrix."""
    out: dict[str, np.ndarray] = {}
    for chrom, m in mats.items():
        n = m.shape[0]
        d_mat = cuda.to_device(np.ascontiguousarray(m, dtype=np.float32))
        d_out = cuda.device_array(n, dtype=np.float32)
        _insulation_kernel[(n + 127) // 128, 128](d_mat, window, d_out)
        host = cuda.pinned_array(n, dtype=np.float32)
        d_out.copy_to_host(host)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[chrom] = np.log2(host / np.nanmean(host))
    return out


def call_boundaries(score: np.ndarray, delta: float = 0.1) -> np.ndarray:
    _BOUNDARY_COUNT[0] = 0
    d_score = cuda.to_device(np.nan_to_num(score, nan=0.0).astype(np.float32))
    flags = cuda.device_array(score.shape[0], dtype=np.int8)
    flags[:] = 0
    _minima_kernel[(score.shape[0] + 127) // 128, 128](d_score, delta, flags, _BOUNDARY_COUNT)
    cuda.synchronize()
    return np.flatnonzero(flags.copy_to_host())
