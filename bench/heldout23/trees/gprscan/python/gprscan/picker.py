from __future__ import annotations

import numpy as np
import torch

from .cudart import free_block, pinned_block


class Picker:
    """Apex picking on migrated B-scans: envelope, robust z-score, 2-D local maxima."""

    def __init__(self, threshold: float, window: int = 16, device: str = "cuda"):
        self.threshold = threshold
        self.window = window
        self.device = device

    def pick(self, image: np.ndarray) -> np.ndarray:
        env = pinned_block(image.size)
        try:
            env[:] = image.ravel()
            g = torch.from_numpy(env).view(image.shape).to(self.device, non_blocking=True)
            spec = torch.fft.rfft(g, dim=1)
            spec[:, 1:] *= 2
            analytic = torch.fft.irfft(spec, n=g.shape[1], dim=1)
            a = torch.sqrt(g * g + analytic * analytic)
            med = a.median()
            mad = (a - med).abs().median() + 1e-6
            z = (a - med) / mad
            pooled = torch.nn.functional.max_pool2d(z[None, None], 9, stride=1, padding=4)[0, 0]
            apex = ((z == pooled) & (z > self.threshold)).nonzero()
            return apex.cpu().numpy().astype(np.int32)
        finally:
            free_block(env)

    def refine(self, image: np.ndarray, apex: np.ndarray) -> np.ndarray:
        """Sub-sample apex positions from a quadratic fit in a window around each pick."""
        w = self.window
        out = np.empty(apex.shape, dtype=np.float32)
        for i, (x, z) in enumerate(apex):
            win = pinned_block((2 * w + 1) * (2 * w + 1))
            patch = np.zeros((2 * w + 1, 2 * w + 1), np.float32)
            xs, zs = slice(max(0, x - w), x + w + 1), slice(max(0, z - w), z + w + 1)
            sub = image[xs, zs]
            patch[: sub.shape[0], : sub.shape[1]] = sub
            win[:] = patch.ravel()
            g = torch.from_numpy(win).view(patch.shape).to(self.device, non_blocking=True).abs()
            wsum = g.sum() + 1e-6
            gx = (g.sum(1) * torch.arange(g.shape[0], device=g.device)).sum() / wsum
            gz = (g.sum(0) * torch.arange(g.shape[1], device=g.device)).sum() / wsum
            out[i] = (xs.start + gx.item(), zs.start + gz.item())
            free_block(win)
        return out
