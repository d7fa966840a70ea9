from __future__ import annotations

import numpy as np
import ray
import torch

from . import _core
from .beams import beam_pattern
from .bottom import track_bottom


@ray.remote(num_gpus=0.25)
class LineWorker:
    def __init__(self, model: str, samples: int, width: int, height: int):
        self.mk = _core.Mosaicker(width, height)
        self.gain = beam_pattern(model, samples)
        self.scratch = torch.empty((2048, samples), pin_memory=True)

    def process(self, line: np.ndarray, origin: tuple[int, int]) -> float:
        alts = track_bottom(list(line))
        mask = self.mk.make_nadir_mask(line.astype(np.float32), int(np.median(alts[alts > 0])) if (alts > 0).any() else 8)
        corrected = (line * self.gain.numpy() * (mask > 0)).astype(np.float32)
        self.mk.blend_tiles([corrected], [origin])
        return float(corrected.mean())


def mosaic_survey(lines: list[np.ndarray], origins, model="edgetech4205", workers=4):
    pool = [LineWorker.remote(model, lines[0].shape[1], 20000, 20000) for _ in range(workers)]
    futs = [pool[i % workers].process.remote(l, o) for i, (l, o) in enumerate(zip(lines, origins))]
    return ray.get(futs)
