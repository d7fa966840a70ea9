from __future__ import annotations

import torch
from torch import nn

from quantcal.config import CalibConfig
from quantcal.registry import register_quantizer


@register_quantizer("rtn")
class RoundToNearest:
    """Baseline: per-group round-to-nearest, no calibration data needed."""

    def __init__(self, layer: nn.Linear, cfg: CalibConfig) -> None:
        self.layer = layer
        self.cfg = cfg
        self.codes: torch.Tensor | None = None
        self.scales: torch.Tensor | None = None

    def add_batch(self, inp: torch.Tensor) -> None:
        pass

    def quantize(self) -> None:
        W = self.layer.weight.data.float()
        rows, cols = W.shape
        qmax = 2 ** (self.cfg.bits - 1) - 1
        g = W.reshape(rows, -1, self.cfg.group_size)
        self.scales = (g.abs().amax(-1).clamp(min=1e-5) / qmax)
        self.codes = torch.clamp(torch.round(g / self.scales[..., None]), -qmax - 1, qmax).reshape(rows, cols).to(torch.int8).cpu()

    def result(self) -> tuple[torch.Tensor, torch.Tensor]:
        return self.codes, self.scales.cpu()

    def free(self) -> None:
        pass
