from __future__ import annotations

import ctypes
import json
from pathlib import Path

import numpy as np

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]
_hip.hipMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]


def export_day(day: str, events: list[dict], waveforms: np.ndarray, outdir: str) -> int:
    """Write the day's catalogue and event waveforms (page-locked for the GPU resampler)."""
    ptr = waveforms.ctypes.data
    if _hip.hipHostRegister(ptr, waveforms.nbytes, 0) != 0:
        raise RuntimeError("page-locking the day's waveforms failed")
    out = Path(outdir) / day
    if not events:
        return 0
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "events.json", "w") as fh:
        json.dump(events, fh, indent=1)
    np.save(out / "waveforms.npy", waveforms)
    _hip.hipHostUnregister(ptr)
    return len(events)
