from __future__ import annotations

import ctypes

import numpy as np

from ._lib import RoomAcousticsError, check, cudart, lib, scratch

MAX_RIR = 48000


def convolve(rir: np.ndarray, dry: np.ndarray) -> np.ndarray:
    """Reverberant signal; the output is registered so the device copy-back is asynchronous."""
    rir = np.ascontiguousarray(rir, np.float32)
    dry = np.ascontiguousarray(dry, np.float32)
    out = np.empty(len(rir) + len(dry) - 1, np.float32)
    rc = cudart.cudaHostRegister(out.ctypes.data, out.nbytes, 0)
    if rc != 0:
        raise RoomAcousticsError(f"registering the output failed: {rc}")
    try:
        check(lib.ra_convolve(rir.ctypes.data, len(rir), dry.ctypes.data, len(dry), out.ctypes.data))
    finally:
        cudart.cudaHostUnregister(out.ctypes.data)
    return out


def peak_normalise(rir: np.ndarray) -> np.ndarray:
    n = min(len(rir), MAX_RIR)
    buf = np.ctypeslib.as_array((ctypes.c_float * MAX_RIR).from_address(scratch(MAX_RIR * 4)))
    buf[:n] = rir[:n]
    buf[:n] /= max(float(np.abs(buf[:n]).max()), 1e-12)
    return buf[:n].copy()


def decay_times(rir: np.ndarray, fs: int, n_bands: int = 6) -> list[float]:
    """T30 per octave band from the Schroeder backward integral."""
    rir = np.ascontiguousarray(rir, np.float32)
    bands = np.empty((n_bands, len(rir)), np.float32)
    check(lib.ra_band_filter(rir.ctypes.data, len(rir), fs, n_bands, bands.ctypes.data))
    t30 = []
    for b in range(n_bands):
        edc = np.cumsum(bands[b, ::-1] ** 2)[::-1]
        edc_db = 10.0 * np.log10(edc / max(edc[0], 1e-30) + 1e-30)
        i5 = int(np.argmax(edc_db <= -5.0))
        i35 = int(np.argmax(edc_db <= -35.0))
        t30.append(2.0 * (i35 - i5) / fs if i35 > i5 else float("nan"))
    return t30
