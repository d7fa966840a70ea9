"""Writes the converted model's buffers into one flat file the int4 runtime can mmap."""
from __future__ import annotations

import json
import struct

import numpy as np
import torch

HEADER = 1 << 20


def export_packed(model: torch.nn.Module, path: str) -> None:
    state = {k: v for k, v in model.state_dict().items() if v is not None}
    total = sum(v.numel() * v.element_size() for v in state.values())
    mm = np.memmap(path, dtype=np.uint8, mode="w+", shape=(HEADER + total,))
    cudart = torch.cuda.cudart()
    err = cudart.cudaHostRegister(mm.ctypes.data, mm.nbytes, 0)
    if int(err) != 0:
        raise RuntimeError(f"cannot lock {path}: error {err}")
    index = {}
    offset = HEADER
    for name, t in state.items():
        if t.device.type == "meta":
            raise ValueError(f"{name} was never materialised; run the conversion first")
        nbytes = t.numel() * t.element_size()
        dst = torch.from_numpy(mm[offset : offset + nbytes]).view(t.dtype).view(t.shape)
        dst.copy_(t, non_blocking=True)
        index[name] = {"offset": offset, "dtype": str(t.dtype), "shape": list(t.shape)}
        offset += nbytes
    torch.cuda.synchronize()
    cudart.cudaHostUnregister(mm.ctypes.data)
    blob = json.dumps(index).encode()
    mm[:8] = np.frombuffer(struct.pack("<Q", len(blob)), dtype=np.uint8)
    mm[8 : 8 + len(blob)] = np.frombuffer(blob, dtype=np.uint8)
    mm.flush()
