from __future__ import annotations

import torch


class TemporalSmoother:
    """Savitzky-Golay-like smoothing, segment by segment (segments never cross signers)."""

    def __init__(self, width: int = 5):
        self.kernel = torch.ones(1, 1, width) / width

    def __call__(self, batch):
        out = []
        flat = batch.keypoints.reshape(-1, batch.keypoints.shape[-2] * 3)
        for s, e in batch.segments:
            seg = flat[s:e].contiguous().pin_memory()
            x = seg.to("cuda", non_blocking=True).T.unsqueeze(1)
            y = torch.nn.functional.conv1d(x, self.kernel.to(x.device), padding="same")
            out.append(y.squeeze(1).T)
        batch.keypoints = torch.cat(out).reshape(batch.keypoints.shape).cpu()
        return batch


class Mirror:
    def __init__(self, p: float = 0.5):
        self.p = p

    def __call__(self, batch):
        if torch.rand(()) < self.p:
            batch.keypoints[..., 0] = 1.0 - batch.keypoints[..., 0]
        return batch


TRANSFORMS = {"smooth": TemporalSmoother, "mirror": Mirror}
