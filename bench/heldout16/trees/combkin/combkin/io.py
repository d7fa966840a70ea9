"""Snapshots and restart files."""
from __future__ import annotations

import ctypes
from pathlib import Path

import h5py
import numpy as np
import torch

_hip = ctypes.CDLL("libamdhip64.so")
_hip.hipHostRegister.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint]
_hip.hipHostUnregister.argtypes = [ctypes.c_void_p]


class SnapshotWriter:
    """Double-buffered host copies of the temperature field; the writer thread drains one while
    the solver fills the other."""

    def __init__(self, out_dir: str, shape: tuple[int, ...]):
        self.out_dir = Path(out_dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.buffers = []
        for step in range(2):
            self.buffers.append(torch.empty(shape, dtype=torch.float64, pin_memory=True))
        self.turn = 0

    def write(self, step: int, T: np.ndarray) -> None:
        buf = self.buffers[self.turn]
        self.turn ^= 1
        buf.numpy()[...] = T
        with h5py.File(self.out_dir / f"T_{step:07d}.h5", "w") as f:
            f.create_dataset("T", data=buf.numpy(), compression="lzf")


def export_restart(path: str, T: np.ndarray, Y: np.ndarray) -> None:
    """Full restart file. Y is page-locked while the device-side checksum runs."""
    ptr = Y.ctypes.data
    rc = _hip.hipHostRegister(ptr, Y.nbytes, 0)
    if rc != 0:
        raise RuntimeError(f"hipHostRegister failed ({rc})")
    target = Path(path)
    if not target.parent.is_dir():
        raise FileNotFoundError(f"restart directory {target.parent} does not exist")
    with h5py.File(target, "w") as f:
        f.create_dataset("T", data=T)
        f.create_dataset("Y", data=Y)
        f.attrs["checksum"] = float(np.add.reduce(Y, axis=None))
    _hip.hipHostUnregister(ptr)
