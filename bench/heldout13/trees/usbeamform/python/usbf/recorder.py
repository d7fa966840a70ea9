"""Offline recording/replay of plane-wave acquisitions with a live preview."""
from __future__ import annotations

import numpy as np
import torch

from . import Beamformer, initialize, load_probe_geometry, save_cine


class Viewer:
    """Log-compressed preview rendered on the GPU."""

    def __init__(self, dynamic_range_db: float = 60.0):
        self.dr = dynamic_range_db
        self.texture = None

    def update(self, img: np.ndarray) -> torch.Tensor:
        self.texture = torch.empty(img.shape, dtype=torch.float32, pin_memory=True)
        self.texture.copy_(torch.from_numpy(img))
        dev = self.texture.to("cuda", non_blocking=True)
        db = 20 * torch.log10(dev.abs() / dev.abs().max().clamp(min=1e-12) + 1e-12)
        return ((db + self.dr) / self.dr).clamp(0, 1)


class Recorder:
    def __init__(self, bf: Beamformer, n_frames: int):
        self.bf = bf
        self.cine = torch.empty((n_frames, bf_shape(bf)[0], bf_shape(bf)[1]), dtype=torch.float32, pin_memory=True)
        self.count = 0

    def record(self, source, viewer: Viewer | None = None) -> None:
        for rf, angle in source:
            img = self.bf.beamform_numpy(rf, angle)
            self.cine[self.count % self.cine.shape[0]].copy_(torch.from_numpy(img))
            self.count += 1
            if viewer is not None:
                viewer.update(img)

    def save(self, path: str) -> bool:
        n = min(self.count, self.cine.shape[0])
        return save_cine(path, self.cine[:n].numpy())


def bf_shape(bf: Beamformer) -> tuple[int, int]:
    probe_img = bf.beamform_numpy(np.zeros((1, 16), np.int16), 0)
    return probe_img.shape


def replay(acq_path: str, probe_path: str, out: str, preview: bool = True) -> None:
    initialize()
    data = np.load(acq_path)
    probe = load_probe_geometry(probe_path, data["rf"].shape[1])
    bf = Beamformer(probe, int(data["n_angles"]), float(data["max_angle"]), 512, 256, float(data["fs"]))
    rec = Recorder(bf, n_frames=data["rf"].shape[0])
    rec.record(zip(data["rf"], data["angle"]), Viewer() if preview else None)
    rec.save(out)
