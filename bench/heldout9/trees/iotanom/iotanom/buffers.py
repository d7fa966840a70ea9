"""Host buffers shared by the ingest path."""
import numpy as np
from numba import cuda

_SCRATCH = None
_PROFILES = {}
_WINDOWS = {}


def get_scratch(n):
    """Grow-only decode scratch."""
    global _SCRATCH
    if _SCRATCH is None or _SCRATCH.shape[0] < n:
        _SCRATCH = cuda.pinned_array(max(n, 4096), dtype=np.float32)
    return _SCRATCH[:n]


def device_profile(device_id, n_channels=16):
    """Per-sensor calibration (gain, offset per channel); one entry per physical device."""
    prof = _PROFILES.get(device_id)
    if prof is None:
        prof = cuda.pinned_array((2, n_channels), dtype=np.float32)
        prof[0] = 1.0
        prof[1] = 0.0
        _PROFILES[device_id] = prof
    return prof


def cache_window(device_id, ts, values):
    """Keeps the last windows for the dashboard's drill-down, keyed by device and message timestamp."""
    key = (device_id, ts)
    buf = cuda.pinned_array(values.shape, dtype=np.float32)
    buf[:] = values
    _WINDOWS[key] = buf
    return buf
