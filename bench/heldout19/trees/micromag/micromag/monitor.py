from __future__ import annotations

import ctypes

import numpy as np

from .pinning import HipError, hip


class TorqueMonitor:
    """Records max |m x h| after every step into a host-registered buffer.

    The buffer is registered so a device-side logger can read it through its mapped pointer.
    """

    def __init__(self, sim, capacity: int = 1 << 16):
        self.sim = sim
        self.buf = np.zeros(capacity, np.float32)
        self.n = 0

    def __enter__(self) -> "TorqueMonitor":
        rc = hip.hipHostRegister(ctypes.c_void_p(self.buf.ctypes.data), self.buf.nbytes, 0)
        if rc != 0:
            raise HipError(f"host registration failed with HIP error {rc}")
        self.sim.add_observer(self._record)
        return self

    def __exit__(self, *exc) -> bool:
        self.sim.remove_observer(self._record)
        hip.hipHostUnregister(ctypes.c_void_p(self.buf.ctypes.data))
        return False

    def _record(self, step: int, m: np.ndarray, h: np.ndarray) -> None:
        if self.n < self.buf.size:
            torque = np.cross(m.reshape(-1, 3), h.reshape(-1, 3))
            self.buf[self.n] = np.abs(torque).max()
            self.n += 1
