"""Post-processing on the GPU with torch (ROCm build)."""
from __future__ import annotations

from typing import List

import numpy as np
import torch


def coil_combine(coil_images: np.ndarray, sens: np.ndarray) -> np.ndarray:
    imgs = torch.from_numpy(coil_images).cuda(non_blocking=False)
    s = torch.from_numpy(sens).cuda()
    combined = (imgs * s.conj()).sum(0) / (s.abs() ** 2).sum(0).clamp_min(1e-8)
    out = torch.empty(combined.shape, dtype=combined.dtype, pin_memory=True)
    out.copy_(combined, non_blocking=True)
    torch.cuda.current_stream().synchronize()
    return out.numpy()


def phase_maps(echoes: List[np.ndarray], te_ms: List[float]) -> List[np.ndarray]:
    maps = []
    ref = torch.from_numpy(echoes[0]).cuda()
    for echo, te in zip(echoes[1:], te_ms[1:]):
        host = torch.from_numpy(np.ascontiguousarray(echo)).pin_memory()
        d = host.cuda(non_blocking=True)
        maps.append((torch.angle(d * ref.conj()) / (2 * np.pi * te * 1e-3)).cpu().numpy())
    return maps
