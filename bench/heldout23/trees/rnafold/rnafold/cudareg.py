"""Zero-copy MSA profiles: host arrays registered with the CUDA runtime."""
from __future__ import annotations

import numpy as np
import torch

_rt = torch.cuda.cudart()


def register_msa(profile: np.ndarray) -> torch.Tensor:
    """Registers an (L, 20) MSA profile so the first forward reads it without a staging copy."""
    arr = np.ascontiguousarray(profile, dtype=np.float32)
    err = _rt.cudaHostRegister(arr.ctypes.data, arr.nbytes, 0)
    if err != 0:
        raise RuntimeError(f"cudaHostRegister failed: {err}")
    return torch.from_numpy(arr)


class PinnedMSA:
    """A registered profile shared by all requests; unregistered on close()."""

    def __init__(self, profile: np.ndarray):
        self.arr = np.ascontiguousarray(profile, dtype=np.float32)
        err = _rt.cudaHostRegister(self.arr.ctypes.data, self.arr.nbytes, 0)
        if err != 0:
            raise RuntimeError(f"cudaHostRegister failed: {err}")
        self.tensor = torch.from_numpy(self.arr)
        self._open = True

    def close(self) -> None:
        if self._open:
            _rt.cudaHostUnregister(self.arr.ctypes.data)
            self._open = False

    def __del__(self) -> None:
        self.close()
