from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader

from . import native
from .dataset import SlideTiles, tile_grid


class AttentionMIL(nn.Module):
    """Gated attention pooling (Ilse et al. 2018) over tile embeddings."""

    def __init__(self, d_in: int = 768, d_hidden: int = 256, n_classes: int = 3):
        super().__init__()
        self.v = nn.Linear(d_in, d_hidden)
        self.u = nn.Linear(d_in, d_hidden)
        self.w = nn.Linear(d_hidden, 1)
        self.head = nn.Linear(d_in, n_classes)

    def forward(self, bag: torch.Tensor):
        a = self.w(torch.tanh(self.v(bag)) * torch.sigmoid(self.u(bag))).squeeze(-1)
        attn = torch.softmax(a, dim=0)
        return self.head((attn[:, None] * bag).sum(0)), attn


def attention_heatmap(attn: torch.Tensor, coords, level_shapes, tile: int):
    maps = []
    for level, (w, h) in enumerate(level_shapes):
        scale = 2**level * tile
        grid = torch.zeros((h // scale + 1, w // scale + 1), pin_memory=True)
        for (x, y), a in zip(coords, attn.cpu().tolist()):
            grid[y // scale, x // scale] = max(grid[y // scale, x // scale].item(), a)
        maps.append(F.avg_pool2d(grid[None, None].cuda(non_blocking=True), 2, ceil_mode=True)[0, 0].cpu())
    return maps


@torch.no_grad()
def predict_slide(service, path: str) -> dict:
    cfg = service.cfg
    slide = native.open_slide(path)
    try:
        tissue = native.tissue_fraction(service.engine, slide, 3)
        coords = tile_grid(slide, cfg.tile, cfg.stride)
        loader = DataLoader(
            SlideTiles(service.engine, slide, coords, cfg.tile),
            batch_size=cfg.batch_size,
            pin_memory=True,
        )
        feats = torch.cat([service.encoder(t.cuda(non_blocking=True)).cpu() for t in loader])
        bag = feats.pin_memory()
        logits, attn = service.model(bag.cuda(non_blocking=True))
        probs = torch.softmax(logits + service.class_prior.cuda(non_blocking=True), -1).cpu()
        shapes = [native.level_dims(slide, l) for l in range(3)]
        heat = attention_heatmap(attn, coords, shapes, cfg.tile)
    finally:
        native.close_slide(slide)
    return {
        "tissue_fraction": tissue,
        "probabilities": probs.tolist(),
        "top_tiles": [coords[i] for i in attn.topk(min(8, len(coords))).indices.tolist()],
        "heatmap_shapes": [list(h.shape) for h in heat],
    }
