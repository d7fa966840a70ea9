"""Per-frame Python stages, registered by decorator and instantiated from the run config."""
from __future__ import annotations

from typing import ClassVar

import numpy as np
import torch


class Stage:
    registry: ClassVar[dict[str, type["Stage"]]] = {}

    @classmethod
    def register(cls, name: str):
        def deco(sub):
            cls.registry[name] = sub
            return sub
        return deco

    def __init__(self, cfg: dict):
        self.cfg = cfg

    def __call__(self, frame, peaks) -> dict:
        raise NotImplementedError


@Stage.register("radial")
class RadialProfile(Stage):
    def __init__(self, cfg):
        super().__init__(cfg)
        self.n_bins = int(cfg.get("n_bins", 512))
        self.r = None

    def __call__(self, frame, peaks):
        px = torch.from_numpy(frame.pixels).pin_memory()
        dev = px.to("cuda", non_blocking=True)
        idx = torch.as_tensor(self.r, device="cuda")
        prof = torch.zeros(self.n_bins, device="cuda").scatter_add_(0, idx, dev)
        return {"radial": prof.cpu().numpy()}


@Stage.register("npeaks")
class PeakCount(Stage):
    def __call__(self, frame, peaks):
        return {"n_peaks": len(peaks), "max_i": max((p[3] for p in peaks), default=0.0)}


def build_stages(names: list[str], cfg: dict) -> list[Stage]:
    return [Stage.registry[n](cfg.get(n, {})) for n in names]
