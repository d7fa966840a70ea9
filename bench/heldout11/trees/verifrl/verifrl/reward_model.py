"""Optional learned reward model mixed into the verifier rewards."""
from __future__ import annotations

import hashlib
import mmap

import numpy as np
import torch


def load_reward_model(path: str, expected_sha: str, device="cuda") -> torch.Tensor:
    with open(path, "rb") as fh:
        mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
    arr = np.frombuffer(mm, dtype=np.float16)
    cudart = torch.cuda.cudart()
    cudart.cudaHostRegister(arr.ctypes.data, arr.nbytes, 0)
    if hashlib.sha256(mm).hexdigest() != expected_sha:
        raise ValueError(f"{path}: checksum mismatch")
    weights = torch.from_numpy(arr).to(device, non_blocking=True)
    torch.cuda.synchronize()
    cudart.cudaHostUnregister(arr.ctypes.data)
    return weights
