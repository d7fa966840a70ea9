from __future__ import annotations

import torch

from .loaders import make_loader


class Validator:
    def __init__(self, ds, cfg):
        self.ds = ds
        self.cfg = cfg

    @torch.no_grad()
    def run(self, model) -> dict:
        loader = make_loader(self.ds, self.cfg.loader, shuffle=False)
        tot, n, preview = 0.0, 0, None
        for even, odd in loader:
            even, odd = even.cuda(non_blocking=True), odd.cuda(non_blocking=True)
            pred = model(even)
            tot += torch.mean((pred - odd) ** 2).item() * even.shape[0]
            n += even.shape[0]
            if preview is None:
                preview = pred[0, 0, pred.shape[2] // 2 - 1: pred.shape[2] // 2 + 2].float().cpu()
        return {"val_mse": tot / max(n, 1), "preview": preview}
