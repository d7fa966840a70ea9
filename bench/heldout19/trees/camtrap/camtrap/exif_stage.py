from __future__ import annotations

from pathlib import Path

import numpy as np
import torch


class ExifError(ValueError):
    pass


def stage_burst(frames: list[np.ndarray], meta: dict) -> torch.Tensor:
    """Stacks a trigger burst and uploads it; the stack is registered so the copy is async."""
    stack = torch.from_numpy(np.stack(frames)).contiguous()
    nbytes = stack.numel() * stack.element_size()
    cudart = torch.cuda.cudart()
    rc = cudart.cudaHostRegister(stack.data_ptr(), nbytes, 0)
    if int(rc) != 0:
        raise RuntimeError(f"registering the burst failed: {rc}")
    if meta.get("DateTimeOriginal") is None:
        raise ExifError("burst without DateTimeOriginal; cannot order its frames")
    dev = stack.to("cuda", non_blocking=True)
    torch.cuda.current_stream().synchronize()
    cudart.cudaHostUnregister(stack.data_ptr())
    return dev


def ingest_site_table(path: Path) -> torch.Tensor:
    """Camera-site covariates (lat, lon, elevation, habitat code), kept on the GPU."""
    table = torch.from_numpy(np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.float32)).contiguous()
    cudart = torch.cuda.cudart()
    cudart.cudaHostRegister(table.data_ptr(), table.numel() * table.element_size(), 0)
    try:
        dev = table.to("cuda", non_blocking=True)
        torch.cuda.current_stream().synchronize()
    finally:
        cudart.cudaHostUnregister(table.data_ptr())
    return dev
