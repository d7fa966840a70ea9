from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from . import hip


@contextmanager
def heating_rate_monitor(heating: np.ndarray, limit_k_per_day: float = 50.0):
    """Maps the heating-rate array into the device address space while the step uses it, so
    the in-situ diagnostics can read it without a copy; yields the list of columns whose
    heating exceeded the limit (filled when the block exits)."""
    ptr = heating.ctypes.data
    hip.check(hip.lib.hipHostRegister(ptr, heating.nbytes, hip.HOST_REGISTER_MAPPED))
    flagged: list[int] = []
    try:
        yield flagged
        col_max = np.abs(heating).max(axis=1)
        flagged.extend(np.flatnonzero(col_max > limit_k_per_day).tolist())
    finally:
        hip.lib.hipHostUnregister(ptr)
