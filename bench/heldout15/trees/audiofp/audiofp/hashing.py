"""Landmark pair hashing (PyCUDA)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

_SRC = (Path(__file__).parent / "kernels" / "landmarks.cu").read_text()
_module = None


def _kernel():
    global _module
    if _module is None:
        _module = SourceModule(_SRC, no_extern_c=True)
    return _module.get_function("pair_landmarks")


def hash_landmarks(peaks: np.ndarray, bands, fan_out: int = 10) -> np.ndarray:
    """(hash, t_anchor) rows; pairs are formed inside each frequency band."""
    fn = _kernel()
    out = []
    for lo, hi in bands:
        sel = peaks[(peaks[:, 1] >= lo) & (peaks[:, 1] < hi)]
        if len(sel) == 0:
            continue
        sel = np.ascontiguousarray(sel[np.argsort(sel[:, 0], kind="stable")], dtype=np.int32)
        buf = drv.pagelocked_zeros((len(sel) * fan_out, 2), dtype=np.uint32)
        fn(drv.In(sel), np.int32(len(sel)), np.int32(fan_out), drv.Out(buf),
           block=(128, 1, 1), grid=((len(sel) + 127) // 128, 1))
        out.append(buf[buf[:, 0] != 0].copy())
    return np.concatenate(out) if out else np.zeros((0, 2), dtype=np.uint32)
