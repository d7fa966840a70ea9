from __future__ import annotations

import os

import numpy as np

from ._ffi import ffi


class PlaneWriter:
    """Hub-height horizontal plane for the live viewer, every step."""

    def __init__(self, lib, ctx, cfg, sink):
        self.lib = lib
        self.ctx = ctx
        self.k = cfg.hub_index
        self.n = cfg.nx * cfg.ny
        self.sink = sink

    def on_step(self, step: int) -> None:
        plane = np.empty(self.n, dtype=np.float32)
        rc = self.lib.ww_sample_plane(self.ctx, 2, self.k, ffi.from_buffer("float[]", plane))
        if rc == 0:
            self.sink(step, plane)


class Snapshot:
    """Streamwise-normal planes behind each turbine row, every `every` steps."""

    def __init__(self, lib, ctx, cfg, out_dir: str = "planes", rows=(64, 192, 320)):
        self.lib = lib
        self.ctx = ctx
        self.every = cfg.snapshot_every
        self.rows = rows
        self.n = cfg.ny * cfg.nz
        self.out_dir = out_dir
        os.makedirs(out_dir, exist_ok=True)

    def on_step(self, step: int) -> None:
        if step % self.every:
            return
        for i in self.rows:
            plane = np.empty(self.n, dtype=np.float32)
            path = f"{self.out_dir}/x{i:04d}_{step:06d}.bin".encode()
            self.lib.ww_write_plane(self.ctx, path, 0, i, ffi.from_buffer("float[]", plane))
