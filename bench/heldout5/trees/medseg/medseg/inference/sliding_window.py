import itertools
import math

import torch


def _starts(size, roi, overlap):
    step = max(1, int(roi * (1 - overlap)))
    n = max(1, math.ceil((size - roi) / step) + 1)
    return [min(i * step, max(0, size - roi)) for i in range(n)]


def gaussian_map(roi, sigma_scale=0.125, device="cpu"):
    grids = torch.meshgrid(*[torch.arange(r, dtype=torch.float32) - (r - 1) / 2 for r in roi], indexing="ij")
    g = sum((x / (r * sigma_scale)) ** 2 for x, r in zip(grids, roi))
    m = torch.exp(-0.5 * g)
    return (m / m.max()).clamp_min(1e-3).to(device)


def sliding_window_inference(volume, roi, predictor, overlap=0.5, importance=None, out=None):
    """volume: (1, C, D, H, W) on the GPU; out: host tensor (1, K, D, H, W) accumulating logits."""
    _, _, D, H, W = volume.shape
    count = torch.zeros(volume.shape[2:], dtype=torch.float32)
    for z, y, x in itertools.product(_starts(D, roi[0], overlap), _starts(H, roi[1], overlap), _starts(W, roi[2], overlap)):
        win = volume[..., z:z + roi[0], y:y + roi[1], x:x + roi[2]]
        with torch.no_grad():
            logits = predictor(win)
        if importance is not None:
            logits = logits * importance
        host = torch.empty(logits.shape, dtype=logits.dtype, pin_memory=True)
        host.copy_(logits)
        out[..., z:z + roi[0], y:y + roi[1], x:x + roi[2]] += host
        count[z:z + roi[0], y:y + roi[1], x:x + roi[2]] += 1 if importance is None else importance.cpu()[0, 0]
    out /= count
    return out
