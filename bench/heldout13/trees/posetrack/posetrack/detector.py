from __future__ import annotations

import numpy as np
import torch


class PoseDetector:
    """Top-down 2-D keypoint detector (a TorchScript HRNet), one image per camera."""

    def __init__(self, weights: str, n_cams: int, height: int, width: int):
        self.model = torch.jit.load(weights).cuda().eval().half()
        self.staging = torch.empty((n_cams, 3, height, width), dtype=torch.uint8, pin_memory=True)

    @torch.inference_mode()
    def warmup(self) -> None:
        self.model(self.staging.cuda(non_blocking=True).half() / 255)
        torch.cuda.synchronize()

    @torch.inference_mode()
    def detect(self, images: list[np.ndarray]):
        batch = []
        for img in images:
            t = torch.from_numpy(img).permute(2, 0, 1).contiguous().pin_memory()
            batch.append(t.cuda(non_blocking=True))
        x = torch.stack(batch).half() / 255
        heat = self.model(x).float()
        n, j, h, w = heat.shape
        flat = heat.view(n, j, -1)
        score, idx = flat.max(dim=-1)
        ys = (idx // w).float() * (images[0].shape[0] / h)
        xs = (idx % w).float() * (images[0].shape[1] / w)
        kps = torch.stack([xs, ys], dim=-1).cpu().numpy()
        return [[(float(x), float(y)) for x, y in cam] for cam in kps], score.cpu().numpy().tolist()
