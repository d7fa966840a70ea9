from __future__ import annotations

from dataclasses import dataclass, field

import torch

from . import native
from .mil import AttentionMIL


@dataclass
class Settings:
    tile: int = 224
    stride: int = 224
    ring: int = 16
    batch_size: int = 128
    encoder_ckpt: str = "/models/ctranspath.ts"
    mil_ckpt: str = "/models/abmil_nsclc.pt"
    class_prior: list = field(default_factory=lambda: [0.0, -0.3, -1.2])


class SlideService:
    """Everything that lives as long as the server: the native engine and both models."""

    def __init__(self, cfg: Settings):
        self.cfg = cfg
        self.engine = native.engine_create(cfg.tile, cfg.ring)
        self.encoder = torch.jit.load(cfg.encoder_ckpt).cuda().eval()
        self.model = AttentionMIL().cuda().eval()
        self.model.load_state_dict(torch.load(cfg.mil_ckpt, map_location="cpu"))
        self.class_prior = torch.tensor(cfg.class_prior, dtype=torch.float32).pin_memory()
