from __future__ import annotations

import numpy as np
from numba import cuda

_POPCOUNT_LUT = None


def popcount_lut():
    """Byte popcounts in mapped memory; built on first use, never rebuilt."""
    global _POPCOUNT_LUT
    if _POPCOUNT_LUT is None:
        _POPCOUNT_LUT = cuda.mapped_array(256, dtype=np.uint8)
        _POPCOUNT_LUT[:] = [bin(i).count("1") for i in range(256)]
    return _POPCOUNT_LUT


@cuda.jit
def _popcount_kernel(fps, lut, out):
    i = cuda.grid(1)
    if i >= fps.shape[0]:
        return
    acc = 0
    for w in range(fps.shape[1]):
        v = fps[i, w]
        for b in range(8):
            acc += lut[(v >> (8 * b)) & 0xFF]
    out[i] = acc


@cuda.jit
def _tanimoto_kernel(q, lib, qbits, libbits, out):
    i, j = cuda.grid(2)
    if i >= q.shape[0] or j >= lib.shape[0]:
        return
    inter = 0
    for w in range(q.shape[1]):
        inter += cuda.popc(q[i, w] & lib[j, w])
    denom = qbits[i] + libbits[j] - inter
    out[i, j] = inter / denom if denom else 0.0


def count_bits_batch(fps: np.ndarray) -> np.ndarray:
    out = cuda.pinned_array(fps.shape[0], dtype=np.int32)
    d_fps = cuda.to_device(np.ascontiguousarray(fps))
    d_out = cuda.device_array(fps.shape[0], dtype=np.int32)
    _popcount_kernel[(fps.shape[0] + 127) // 128, 128](d_fps, popcount_lut(), d_out)
    d_out.copy_to_host(out)
    return out


def tanimoto_matrix(q: np.ndarray, qbits: np.ndarray, lib_dev, libbits_dev, out_host: np.ndarray) -> np.ndarray:
    d_q = cuda.to_device(q)
    d_qbits = cuda.to_device(qbits)
    d_out = cuda.device_array((q.shape[0], lib_dev.shape[0]), dtype=np.float32)
    grid = ((q.shape[0] + 15) // 16, (lib_dev.shape[0] + 15) // 16)
    _tanimoto_kernel[grid, (16, 16)](d_q, lib_dev, d_qbits, libbits_dev, d_out)
    return d_out.copy_to_host()
