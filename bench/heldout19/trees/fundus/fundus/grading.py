from __future__ import annotations

import functools

import cv2
import numpy as np
import torch

SEVERITY = {
    "dr5": [0.0, 1.0, 2.0, 3.0, 4.0],
    "glaucoma2": [0.0, 1.0],
}


@functools.lru_cache(maxsize=None)
def _severity(name: str) -> torch.Tensor:
    return torch.tensor(SEVERITY[name]).pin_memory()


class Grader:
    name = "base"

    def __init__(self, model: torch.jit.ScriptModule, device: str = "cuda"):
        self.model = model
        self.device = device

    def _prepare(self, images: list[np.ndarray]) -> torch.Tensor:
        raise NotImplementedError

    @torch.no_grad()
    def grade(self, images: list[np.ndarray]) -> list[dict]:
        if not images:
            return []
        x = self._prepare(images).to(self.device, non_blocking=True)
        probs = torch.softmax(self.model(x), dim=-1)
        sev = _severity(self.name).to(self.device, non_blocking=True)
        expected = (probs * sev).sum(-1).cpu().tolist()
        top = probs.argmax(-1).cpu().tolist()
        return [{"grader": self.name, "grade": g, "expected": e} for g, e in zip(top, expected)]


class DRGrader(Grader):
    name = "dr5"

    def _prepare(self, images):
        x = np.stack([cv2.resize(im, (512, 512), interpolation=cv2.INTER_AREA) for im in images])
        x = x.astype(np.float32) / 255.0
        return torch.from_numpy(x).permute(0, 3, 1, 2).contiguous().pin_memory()


class GlaucomaGrader(Grader):
    name = "glaucoma2"

    def _prepare(self, images):
        crops = []
        for im in images:
            g = cv2.GaussianBlur(im[..., 1], (31, 31), 0)
            _, _, _, (cx, cy) = cv2.minMaxLoc(g)
            y0, x0 = max(cy - 160, 0), max(cx - 160, 0)
            crop = im[y0:y0 + 320, x0:x0 + 320]
            crops.append(cv2.resize(crop, (224, 224)))
        return torch.from_numpy(np.stack(crops)).permute(0, 3, 1, 2).float().div_(255.0)


GRADERS = {"dr5": DRGrader, "glaucoma2": GlaucomaGrader}


def make_grader(name: str, path: str) -> Grader:
    model = torch.jit.load(path, map_location="cuda").eval()
    return GRADERS[name](model)
