"""FIR filter bank on the GPU (CuPy)."""
from __future__ import annotations

import ctypes
import ctypes.util

import cupy as cp
import cupyx
import numpy as np
import torch
from scipy.signal import firwin

_cudart = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
_cudart.cudaHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_cudart.cudaHostRegister.restype = ctypes.c_int
_cudart.cudaHostUnregister.argtypes = [ctypes.c_void_p]
_cudart.cudaHostUnregister.restype = ctypes.c_int


class FilterBank:
    def __init__(self, bands, fs: int, n_taps: int):
        self.bands = list(bands)
        self.fs = fs
        self.taps_host = cupyx.zeros_pinned((len(self.bands), n_taps), dtype=np.float32)
        for i, (lo, hi) in enumerate(self.bands):
            self.taps_host[i] = firwin(n_taps, [lo, hi], pass_zero=False, fs=fs)
        self.taps = cp.asarray(self.taps_host)

    def load_coeffs(self, path: str) -> None:
        """Replace the designed taps by coefficients fitted offline for this user."""
        coeffs = np.ascontiguousarray(np.load(path), dtype=np.float32)
        ptr = coeffs.ctypes.data
        rc = _cudart.cudaHostRegister(ptr, coeffs.nbytes, 0)
        if rc != 0:
            raise RuntimeError(f"cudaHostRegister returned {rc}")
        if coeffs.shape != self.taps_host.shape or not np.isfinite(coeffs).all():
            raise ValueError(f"{path}: bad filter coefficients, shape {coeffs.shape}")
        self.taps = cp.asarray(coeffs)
        _cudart.cudaHostUnregister(ptr)

    def apply(self, window: torch.Tensor) -> cp.ndarray:
        """(channels, samples) CPU window -> (bands, channels, samples) on the GPU."""
        x = window.numpy()
        mem = cp.cuda.alloc_pinned_memory(x.nbytes)
        staged = np.frombuffer(mem, np.float32, x.size).reshape(x.shape)
        staged[...] = x
        d = cp.asarray(staged)
        n = d.shape[1] + self.taps.shape[1] - 1
        spec = cp.fft.rfft(d, n=n)[None, :, :] * cp.fft.rfft(self.taps, n=n)[:, None, :]
        out = cp.fft.irfft(spec, n=n)[:, :, : d.shape[1]]
        return out.astype(cp.float32)
