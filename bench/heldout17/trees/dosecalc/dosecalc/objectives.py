from __future__ import annotations

import torch

OBJECTIVES = {}


def objective(name):
    def deco(cls):
        OBJECTIVES[name] = cls
        return cls
    return deco


@objective("mean_dose")
class MeanDose:
    def __init__(self, roi, weight=1.0, target=0.0):
        self.roi, self.weight, self.target = roi, weight, target

    def __call__(self, dose: torch.Tensor) -> torch.Tensor:
        return self.weight * (dose[self.roi].mean() - self.target).clamp(min=0) ** 2


@objective("dvh_max")
class DVHMax:
    def __init__(self, roi, weight=1.0, dose_max=60.0, volume=0.05):
        self.roi, self.weight, self.dose_max, self.volume = roi, weight, dose_max, volume
        self._sorted: torch.Tensor | None = None

    def __call__(self, dose):
        d = dose[self.roi]
        if self._sorted is None:
            self._sorted = torch.empty(d.numel(), dtype=d.dtype, pin_memory=True)
        k = max(1, int(self.volume * d.numel()))
        top = torch.topk(d, k).values
        self._sorted[:k].copy_(top, non_blocking=True)
        return self.weight * ((top - self.dose_max).clamp(min=0) ** 2).mean()


def build(specs, rois):
    return [OBJECTIVES[s["type"]](rois[s["roi"]], **s.get("args", {})) for s in specs]
