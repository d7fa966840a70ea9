from __future__ import annotations

import numpy as np
import torch


class ArtifactRemover:
    """Projects out ICA components marked as ocular/muscle during calibration."""

    def __init__(self, unmixing: np.ndarray, bad: np.ndarray, device: str = "cuda"):
        w = unmixing.astype(np.float64)
        keep = np.ones(w.shape[0])
        keep[bad] = 0.0
        proj = (np.linalg.pinv(w) @ np.diag(keep) @ w).astype(np.float32)
        self.proj_host = torch.from_numpy(proj).pin_memory()
        self.proj = self.proj_host.to(device, non_blocking=True)
        self.device = device

    @classmethod
    def from_file(cls, path: str) -> "ArtifactRemover":
        d = np.load(path)
        return cls(d["unmixing"], d["bad"])

    def apply(self, window: torch.Tensor) -> torch.Tensor:
        return (self.proj @ window.to(self.device, non_blocking=True)).cpu()
