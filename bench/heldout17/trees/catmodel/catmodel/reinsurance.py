"""Excess-of-loss treaty layers applied to event losses."""
from __future__ import annotations

from dataclasses import dataclass

import cupy
import cupyx
import numpy as np


@dataclass
class Layer:
    attachment: float
    limit: float
    share: float = 1.0


def apply_layers(event_losses: np.ndarray, layers: list[Layer]) -> np.ndarray:
    dev = cupy.asarray(event_losses)
    ceded = np.zeros((len(layers), len(event_losses)), dtype=np.float32)
    for k, layer in enumerate(layers):
        host = cupyx.empty_pinned(len(event_losses), dtype=np.float32)
        rec = cupy.clip(dev - layer.attachment, 0, layer.limit) * layer.share
        rec.get(out=host)
        ceded[k] = host
    return ceded
