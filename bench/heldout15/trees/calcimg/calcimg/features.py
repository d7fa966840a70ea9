from __future__ import annotations

import numpy as np
import torch


def crop_patch(image: np.ndarray, centroid: tuple[int, int], size: int) -> torch.Tensor:
    """A size x size patch of the mean image around an ROI centroid, zero padded."""
    h = size // 2
    y, x = int(centroid[0]), int(centroid[1])
    padded = np.pad(image, h, mode="constant")
    patch = padded[y: y + size, x: x + size]
    patch = (patch - patch.mean()) / (patch.std() + 1e-6)
    return torch.from_numpy(np.ascontiguousarray(patch, dtype=np.float32)).pin_memory()


def roi_shape_features(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return np.zeros(4, np.float32)
    cov = np.cov(np.stack([ys, xs]))
    ev = np.linalg.eigvalsh(cov)
    return np.array([len(ys), ev[-1] / max(ev[0], 1e-6), ys.std(), xs.std()], np.float32)
