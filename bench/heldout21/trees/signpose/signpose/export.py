from __future__ import annotations

import os

import numpy as np
import torch


@torch.no_grad()
def export_features(model, loader, path: str, dim: int = 256) -> None:
    feats = torch.empty(len(loader.dataset), dim)
    cudart = torch.cuda.cudart()
    cudart.cudaHostRegister(feats.data_ptr(), feats.numel() * feats.element_size(), 0)
    if not os.path.isdir(os.path.dirname(path) or "."):
        raise FileNotFoundError(os.path.dirname(path))
    k = 0
    for batch in loader:
        f = model.embed(batch.keypoints.cuda(non_blocking=True))
        feats[k:k + len(f)].copy_(f, non_blocking=True)
        k += len(f)
    torch.cuda.synchronize()
    np.save(path, feats.numpy())
    cudart.cudaHostUnregister(feats.data_ptr())
