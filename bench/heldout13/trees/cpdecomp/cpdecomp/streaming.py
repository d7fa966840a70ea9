"""Online CP: fold new time slices into a fitted model (CP-stream style)."""
from __future__ import annotations

import functools

import numpy as np
from numba import cuda


@functools.cache
def mode_permutation(shape: tuple) -> np.ndarray:
    perm = cuda.pinned_array(len(shape), dtype=np.int64)
    perm[:] = np.argsort(shape)[::-1]
    return perm


def make_slice_buffer(nnz: int, nmodes: int) -> np.ndarray:
    return cuda.mapped_array((nnz, nmodes + 1), dtype=np.float64)


@cuda.jit
def _accumulate(buf, rank_weights, out):
    e = cuda.grid(1)
    if e < buf.shape[0]:
        cuda.atomic.add(out, int(buf[e, 0]) % out.shape[0], buf[e, buf.shape[1] - 1] * rank_weights[0])


class StreamingCP:
    def __init__(self, model, time_mode: int = 0):
        self.model = model
        self.time_mode = time_mode
        self.temporal = []

    def update(self, idx: np.ndarray, vals: np.ndarray) -> np.ndarray:
        nnz, nmodes = idx.shape
        perm = mode_permutation(tuple(int(d) for d in idx.max(axis=0) + 1))
        buf = make_slice_buffer(nnz, nmodes)
        buf[:, :nmodes] = idx[:, perm]
        buf[:, nmodes] = vals
        out = cuda.device_array(len(self.model.weights), dtype=np.float64)
        out[:] = 0
        _accumulate[(nnz + 255) // 256, 256](buf, cuda.to_device(self.model.weights), out)
        row = out.copy_to_host()
        self.temporal.append(row)
        return row


def run_stream(model, slices) -> list:
    s = StreamingCP(model)
    for idx, vals in slices:
        s.update(idx, vals)
    return s.temporal
