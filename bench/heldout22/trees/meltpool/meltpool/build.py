"""Replay a build file layer by layer."""
from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from . import hiprt
from ._ffi import check, ffi, lib
from ._thermal import ThermalSolver

log = logging.getLogger(__name__)


@dataclass
class PartConfig:
    name: str
    build_file: str          # .npy structured array of scan vectors
    powder_bed: str
    plate_image: str
    material: str = "Ti6Al4V"
    nx: int = 512
    ny: int = 512
    nz: int = 64
    dx_um: float = 20.0
    layer_um: int = 30
    camera_shape: tuple[int, int] = (480, 640)
    diffusion_steps: int = 20
    history_out: str = "out/melt_history.bin"


class BuildJob:
    def __init__(self, part: PartConfig, ctx, camera):
        self.part = part
        self.ctx = ctx
        self.camera = camera
        self.vectors = np.load(part.build_file, mmap_mode="r")
        self.layers = np.unique(self.vectors["layer"])
        alpha = 6.7 / (4430.0 * 526.0)
        self.thermal = ThermalSolver(part.nx, part.ny, part.nz, part.dx_um * 1e-6, alpha)
        self.peaks: list[float] = []
        self.depths: list[float] = []

    def _as_mp(self, rows: np.ndarray):
        vecs = ffi.new("mp_vector[]", len(rows))
        for i, r in enumerate(rows):
            vecs[i].x0, vecs[i].y0, vecs[i].x1, vecs[i].y1 = r["x0"], r["y0"], r["x1"], r["y1"]
            vecs[i].power_w, vecs[i].speed_mm_s = r["power"], r["speed"]
        return vecs

    def _laser_map(self, rows: np.ndarray) -> list[float]:
        q = np.zeros((self.part.ny, self.part.nx))
        ix = np.clip((rows["x0"] * 1000 / self.part.dx_um).astype(int), 0, self.part.nx - 1)
        iy = np.clip((rows["y0"] * 1000 / self.part.dx_um).astype(int), 0, self.part.ny - 1)
        np.add.at(q, (iy, ix), rows["power"])
        return q.ravel().tolist()

    def run(self) -> None:
        peak = ffi.new("float*")
        depth = ffi.new("float*")
        with hiprt.RegisteredVectors(self.vectors) as vectors:
            for layer in self.layers:
                rows = vectors[vectors["layer"] == layer]
                frame = hiprt.frame_for(int(layer), self.part.camera_shape)
                self.camera.grab_into(frame)
                mask = hiprt.mask_for(self.part.layer_um, self.part.camera_shape)
                streaks = int((frame * mask).sum())
                contours = rows[rows["kind"] == 0]
                hatches = rows[rows["kind"] == 1]
                cvecs = self._as_mp(contours)
                for i in range(len(contours)):
                    check(lib.mp_scan_track(self.ctx, cvecs + i, peak))
                    self.peaks.append(peak[0])
                hvecs = self._as_mp(hatches)
                check(lib.mp_scan_layer(self.ctx, hvecs, len(hatches), depth))
                self.depths.append(depth[0])
                laser = self._laser_map(rows)
                for _ in range(self.part.diffusion_steps):
                    self.thermal.step(1e-4, laser)
                self.thermal.record(int(layer))
                log.info("%s layer %d: peak %.0f K, depth %.1f um, streak px %d",
                         self.part.name, layer, max(self.peaks[-len(contours):] or [0]), depth[0], streaks)
