"""Strain I/O and conditioning."""
from __future__ import annotations

import glob

import cupy as cp
import cupyx
import h5py
import numpy as np
import pycuda.autoprimaryctx  # noqa: F401
import pycuda.driver as drv


def segments(pattern: str, sample_rate: int, seg_s: int, overlap_s: int):
    """Yields overlapping strain segments (host float32 arrays) from a set of frame files."""
    seg_n, ov_n = seg_s * sample_rate, overlap_s * sample_rate
    carry = cupyx.empty_pinned(ov_n, dtype=np.float32)
    have_carry = False
    for path in sorted(glob.glob(pattern)):
        with h5py.File(path, "r") as f:
            data = f["strain/Strain"][...].astype(np.float32)
        pos = 0
        while pos + seg_n - (ov_n if have_carry else 0) <= data.shape[0]:
            if have_carry:
                seg = np.concatenate([carry, data[pos: pos + seg_n - ov_n]])
                pos += seg_n - ov_n
            else:
                seg = data[pos: pos + seg_n].copy()
                pos += seg_n
            carry[:] = seg[-ov_n:]
            have_carry = True
            yield seg


def whiten_segment(seg: np.ndarray, psd: cp.ndarray) -> cp.ndarray:
    staged = drv.pagelocked_empty(seg.shape, dtype=np.float32)
    window = np.hanning(seg.shape[0]).astype(np.float32)
    np.multiply(seg, window, out=staged)
    d = cp.asarray(staged)
    spec = cp.fft.rfft(d)
    return spec / cp.sqrt(psd[: spec.shape[0]])
