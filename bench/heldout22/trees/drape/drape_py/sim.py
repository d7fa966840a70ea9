"""Drape one garment on one avatar and export the frames.

    python -m drape_py.sim configs/tshirt_m.toml
"""
from __future__ import annotations

import argparse
import math
from pathlib import Path

import numpy as np

from . import _drape
from .config import SimConfig, WindConfig


class WindField:
    def __init__(self, cfg: WindConfig):
        self.cfg = cfg

    def at(self, t: float) -> "_drape.FrameInput":
        fi = _drape.FrameInput()
        gust = self.cfg.gust_amplitude * math.sin(2 * math.pi * t / self.cfg.gust_period_s)
        fi.wind = [m * (1.0 + gust) for m in self.cfg.mean]
        fi.gust = gust
        return fi

    def drag(self, normals: np.ndarray, wind: list[float]) -> np.ndarray:
        w = np.asarray(wind, np.float32)
        n = normals / (np.linalg.norm(normals, axis=1, keepdims=True) + 1e-9)
        return (self.cfg.drag_coefficient * (n @ w))[:, None] * n


class Simulation:
    def __init__(self, cfg: SimConfig):
        self.cfg = cfg
        self.garment = _drape.load_obj_pinned(cfg.garment)
        self.avatar = _drape.load_obj_pinned(cfg.avatar)
        self.solver = _drape.Solver(self.garment, self.avatar, cfg.substeps, cfg.sdf_res)
        self.exporter = _drape.FrameExporter(self.garment.n_verts)
        self.wind = WindField(cfg.wind)
        self.frame = 0
        self.preview = None
        if cfg.preview:
            from .preview import PreviewStream

            self.preview = PreviewStream(self.garment.n_verts)

    def advance(self, n_frames: int) -> None:
        out = Path(self.cfg.out_dir)
        for _ in range(n_frames):
            inp = self.wind.at(self.frame * self.cfg.dt)
            self.solver.begin_frame(inp)
            normals = self.solver.host_normals()
            drag = self.wind.drag(normals, inp.wind)
            self.solver.step(self.cfg.dt, drag)
            if self.frame % self.cfg.export_every == 0:
                self.exporter.write(self.solver, self.frame, str(out / f"frame_{self.frame:05d}.ply"))
                uv = self.solver.host_uv()
                if self.preview is not None:
                    self.preview.push(self.solver, self.frame, uv)
            self.frame += 1

    def finish(self) -> None:
        if not _drape.save_state(self.solver, self.cfg.checkpoint):
            raise OSError(f"could not write {self.cfg.checkpoint}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("config")
    ap.add_argument("--frames", type=int)
    args = ap.parse_args()
    cfg = SimConfig.load(args.config)
    Path(cfg.out_dir).mkdir(parents=True, exist_ok=True)
    sim = Simulation(cfg)
    sim.advance(args.frames or cfg.frames)
    sim.finish()


if __name__ == "__main__":
    main()
