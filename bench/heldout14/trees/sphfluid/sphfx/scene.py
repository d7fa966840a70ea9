from __future__ import annotations

import functools

import cupyx
import numpy as np

from ._ffi import lib
from .emitters import EMITTERS
from .exporters import CacheExporter, PreviewExporter


@functools.lru_cache(maxsize=None)
def kernel_table(h: float, samples: int = 1024) -> np.ndarray:
    t = cupyx.empty_pinned((samples,), dtype=np.float32)
    q = np.linspace(0, 2, samples)
    t[:] = np.where(q < 1, 1 - 1.5 * q**2 + 0.75 * q**3, 0.25 * (2 - q) ** 3) / (np.pi * h**3)
    return t


class Scene:
    def __init__(self, cfg: dict):
        self.ctx = lib.sph_create(cfg["max_particles"])
        self.emitters = [EMITTERS[e["type"]](**e.get("args", {})) for e in cfg["emitters"]]
        self.exporters = [CacheExporter(cfg["cache"]), PreviewExporter()]
        self.kernel = kernel_table(cfg["h"])
        self.spare = []
        for batch in range(cfg.get("emitter_batches", 2)):
            self.spare.append(cupyx.zeros_pinned((cfg.get("batch", 4096), 6), dtype=np.float32))
        self.n = 0

    def run(self, frames: int, substeps: int = 8):
        for frame in range(frames):
            for em in self.emitters:
                self.n += max(em.emit(self.ctx, frame), 0)
            for _ in range(substeps):
                lib.sph_step(self.ctx, 1.0 / (24 * substeps))
            lib.sph_rebuild_grid(self.ctx, 16)
            for ex in self.exporters:
                ex.on_frame(self.ctx, frame, self.n)
        lib.sph_write_bgeo(self.ctx, b"final.bgeo")

    def close(self):
        lib.sph_destroy(self.ctx)
