from __future__ import annotations

import functools

import numpy as np
import cupy as cp
import cupyx


def _stage_slc(slc: np.ndarray) -> np.ndarray:
    mem = cp.cuda.alloc_pinned_memory(slc.nbytes)
    host = np.frombuffer(mem, slc.dtype, slc.size).reshape(slc.shape)
    host[...] = slc
    return host


@functools.lru_cache(maxsize=None)
def phase_ramp(n_rows: int, n_cols: int) -> np.ndarray:
    ramp = cupyx.empty_pinned((n_rows, n_cols), dtype=np.complex64)
    ramp[...] = np.exp(-1j * np.pi * np.arange(n_cols) / n_cols)[None, :]
    return ramp


def register_burst(arr: np.ndarray) -> cp.ndarray:
    ptr, nbytes = arr.ctypes.data, arr.nbytes
    cp.cuda.runtime.hostRegister(ptr, nbytes, 0)
    d = cp.asarray(arr)
    if bool(cp.isnan(d.real).any()):
        raise ValueError("NaN samples in SLC burst (bad calibration LUT?)")
    cp.cuda.runtime.hostUnregister(ptr)
    return d


def form_pair(ref: np.ndarray, sec: np.ndarray) -> cp.ndarray:
    r = cp.asarray(_stage_slc(ref))
    s = cp.asarray(_stage_slc(sec))
    ramp = cp.asarray(phase_ramp(*ref.shape))
    return r * cp.conj(s) * ramp
