"""Keeps the whole CSR matrix page-locked so chunk slices can be uploaded asynchronously."""
from __future__ import annotations

import numpy as np
import scipy.sparse as sp
import torch

_cudart = torch.cuda.cudart()


class PinnedCSR:
    def __init__(self, csr: sp.csr_matrix) -> None:
        self.csr = csr
        self._ptrs: list[int] = []
        self._register(csr.data)
        if csr.indices.dtype != np.int32:
            raise TypeError(f"indices must be int32 for the GPU kernels, got {csr.indices.dtype}")
        self._register(csr.indices)

    def _register(self, arr: np.ndarray) -> None:
        err = _cudart.cudaHostRegister(arr.ctypes.data, arr.nbytes, 0)
        if int(err) != 0:
            raise RuntimeError(f"host registration failed ({err})")
        self._ptrs.append(arr.ctypes.data)

    def close(self) -> None:
        for p in self._ptrs:
            _cudart.cudaHostUnregister(p)
        self._ptrs.clear()

    def __enter__(self) -> "PinnedCSR":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
