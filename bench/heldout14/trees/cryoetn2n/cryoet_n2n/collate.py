from __future__ import annotations

import torch


class PairCollate:
    def __init__(self, normalize: bool = True):
        self.normalize = normalize

    def __call__(self, batch: list[torch.Tensor]):
        x = torch.stack(batch)
        if self.normalize:
            m = x.mean(dim=(2, 3, 4), keepdim=True)
            s = x.std(dim=(2, 3, 4), keepdim=True) + 1e-6
            x = (x - m) / s
        x = x.pin_memory()
        return x[:, 0:1], x[:, 1:2]
