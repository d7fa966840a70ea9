"""Iteration hooks: convergence log and periodic field snapshots."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray


class ConvergenceLog:
    def __init__(self, path: str):
        self.fh = open(path, "w")

    def on_iteration(self, it: int, err: float, f: float, w: np.ndarray) -> None:
        self.fh.write(json.dumps({"it": it, "err": err, "F": f}) + "\n")


class FieldSnapshots:
    """Every `every` iterations, the field's Fourier amplitude spectrum (computed on the GPU)."""

    def __init__(self, out_dir: str, every: int):
        self.out = Path(out_dir)
        self.out.mkdir(parents=True, exist_ok=True)
        self.every = every

    def on_iteration(self, it: int, err: float, f: float, w: np.ndarray) -> None:
        if it % self.every:
            return
        pinned = drv.register_host_memory(np.ascontiguousarray(w))
        d = gpuarray.to_gpu_async(pinned)
        spectrum = np.abs(np.fft.rfftn(d.get().reshape(2, -1)[0]))
        np.save(self.out / f"spectrum_{it:06d}.npy", spectrum[:64])
        pinned.base.unregister()
