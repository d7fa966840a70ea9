from __future__ import annotations

import numpy as np
import torch

from . import _sfx


class Detector:
    """Geometry, mask and gain map of one detector; built once per run."""

    def __init__(self, geom_path: str, mask_path: str, gain_path: str):
        self.geom = _sfx.load_geometry(geom_path)
        n_px = self.geom.n_px()
        self.mask = _sfx.load_mask(mask_path, n_px)
        gain = np.fromfile(gain_path, dtype=np.float32, count=n_px)
        self.gain = torch.from_numpy(gain).pin_memory()

    def pipeline(self, dark: np.ndarray, min_peaks: int) -> "_sfx.Pipeline":
        pipe = _sfx.Pipeline(self.geom, ring_slots=4, min_peaks=min_peaks)
        pipe.add_dark(dark.tolist())
        pipe.add_gain(self.gain.numpy().tolist())
        return pipe
