from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class DMatrix:
    def __init__(self, data: np.ndarray, label: np.ndarray | None = None):
        self.data = np.ascontiguousarray(data, dtype=np.float32)
        cp.cuda.runtime.hostRegister(self.data.ctypes.data, self.data.nbytes, 0)
        self._registered = True
        self.label = None
        if label is not None:
            self.set_label(label)

    def set_label(self, label: np.ndarray) -> None:
        self.label = cupyx.empty_pinned(label.shape[0], dtype=np.float32)
        self.label[:] = label

    def close(self) -> None:
        if self._registered:
            cp.cuda.runtime.hostUnregister(self.data.ctypes.data)
            self._registered = False

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
