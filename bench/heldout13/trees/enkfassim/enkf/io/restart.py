from __future__ import annotations

from pathlib import Path

import numpy as np
import torch


def read_background(path: str) -> torch.Tensor:
    arr = np.load(path)
    cudart = torch.cuda.cudart()
    cudart.cudaHostRegister(arr.ctypes.data, arr.nbytes, 0)
    try:
        dev = torch.from_numpy(arr).to("cuda", non_blocking=True)
        torch.cuda.synchronize()
    finally:
        cudart.cudaHostUnregister(arr.ctypes.data)
    return dev


def write_analysis(path: Path, ens: np.ndarray) -> None:
    cudart = torch.cuda.cudart()
    ptr = ens.ctypes.data
    cudart.cudaHostRegister(ptr, ens.nbytes, 0)
    dev = torch.from_numpy(ens).to("cuda", non_blocking=True)
    if not bool(torch.isfinite(dev).all()):
        raise FloatingPointError(f"non-finite analysis, refusing to write {path}")
    np.save(path, ens)
    torch.cuda.synchronize()
    cudart.cudaHostUnregister(ptr)
