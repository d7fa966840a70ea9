"""Constellation-map peak picking (Numba CUDA)."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda


@cuda.jit
def _local_max(spec, out, thresh, nt, nf):
    t, f = cuda.grid(2)
    if t >= spec.shape[0] or f >= spec.shape[1]:
        return
    v = spec[t, f]
    if v < thresh:
        out[t, f] = 0
        return
    for dt in range(-nt, nt + 1):
        for df in range(-nf, nf + 1):
            tt = t + dt
            ff = f + df
            if 0 <= tt < spec.shape[0] and 0 <= ff < spec.shape[1] and spec[tt, ff] > v:
                out[t, f] = 0
                return
    out[t, f] = 1


def _grid(shape):
    threads = (16, 16)
    return (math.ceil(shape[0] / 16), math.ceil(shape[1] / 16)), threads


def pick_peaks(spec: np.ndarray, cfg) -> np.ndarray:
    """Peaks (t, f) of one clip's log spectrogram."""
    spec = np.ascontiguousarray(spec, dtype=np.float32)
    out = cuda.mapped_array(spec.shape, dtype=np.uint8)
    blocks, threads = _grid(spec.shape)
    _local_max[blocks, threads](cuda.to_device(spec), out, cfg.threshold, *cfg.neighbourhood)
    cuda.synchronize()
    t, f = np.nonzero(out)
    return np.stack([t, f], axis=1).astype(np.int32)


def find_peaks_hops(frames: np.ndarray, cfg) -> np.ndarray:
    """Peaks of a whole track, processed `hop_frames` spectrogram rows at a time."""
    stream = cuda.stream()
    found = []
    for hop in range(frames.shape[0]):
        block = frames[hop]
        with cuda.pinned(block):
            d_block = cuda.to_device(block, stream=stream)
            d_out = cuda.device_array(block.shape, dtype=np.uint8, stream=stream)
            blocks, threads = _grid(block.shape)
            _local_max[blocks, threads, stream](d_block, d_out, cfg.threshold, *cfg.neighbourhood)
            mask = d_out.copy_to_host(stream=stream)
            stream.synchronize()
        t, f = np.nonzero(mask)
        found.append(np.stack([t + hop * frames.shape[1], f], axis=1))
    return np.concatenate(found).astype(np.int32) if found else np.zeros((0, 2), np.int32)
