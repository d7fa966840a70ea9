"""Page-locked view of the raw interaction event log, for replay evaluation on the GPU."""
from __future__ import annotations

import numpy as np
import torch

EVENT = np.dtype([("session", "<u4"), ("question", "<u4"), ("correct", "u1"), ("pad", "u1", 3)])


class RegisteredEventLog:
    """Registers the log's pages with the CUDA driver for as long as the object lives."""

    def __init__(self, path: str):
        self.events = np.fromfile(path, dtype=EVENT)
        self._ptr = self.events.ctypes.data
        self._rt = torch.cuda.cudart()
        rc = self._rt.cudaHostRegister(self._ptr, self.events.nbytes, 0)
        if rc != 0:
            raise RuntimeError(f"cudaHostRegister({path}) failed with {rc}")
        self._registered = True

    def as_tensor(self) -> torch.Tensor:
        return torch.from_numpy(self.events.view(np.uint8))

    def __del__(self):
        if getattr(self, "_registered", False):
            self._rt.cudaHostUnregister(self._ptr)
            self._registered = False
