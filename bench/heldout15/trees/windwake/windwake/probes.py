from __future__ import annotations

import numpy as np
import torch

from ._ffi import ffi


class ProbeSet:
    """Virtual met masts sampled every step."""

    def __init__(self, locations):
        self.locations = np.ascontiguousarray(locations, dtype=np.float32).reshape(-1, 3)
        self._stage: torch.Tensor | None = None
        self.history: list[np.ndarray] = []

    def sample(self, ctx, lib, step: int) -> None:
        if len(self.locations) == 0:
            return
        if self._stage is None:
            self._stage = torch.empty((len(self.locations), 3), dtype=torch.float32, pin_memory=True)
        out = ffi.cast("float *", self._stage.data_ptr())
        lib.ww_probe(ctx, ffi.from_buffer("float[]", self.locations), len(self.locations), out)
        self.history.append(self._stage.numpy().copy())

    def reset(self) -> None:
        """Drop the staging buffer between steps (the solver calls this after outputs)."""
        self._stage = None

    def to_array(self) -> np.ndarray:
        return np.stack(self.history) if self.history else np.zeros((0, len(self.locations), 3))
