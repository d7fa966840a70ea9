from __future__ import annotations

import torch

from .model import UNet3d


class Predictor:
    """Tiled inference over a full tomogram with two pinned output tiles used alternately."""

    def __init__(self, ckpt: str, tile: int = 96):
        self.model = UNet3d().cuda().eval()
        self.model.load_state_dict(torch.load(ckpt, map_location="cuda"))
        self.tile = tile
        self.pool = []
        for step in range(2):
            self.pool.append(torch.empty((tile, tile, tile)).pin_memory())

    @torch.no_grad()
    def __call__(self, vol: torch.Tensor) -> torch.Tensor:
        t = self.tile
        out = torch.empty_like(vol)
        k = 0
        for z in range(0, vol.shape[0] - t + 1, t):
            for y in range(0, vol.shape[1] - t + 1, t):
                for x in range(0, vol.shape[2] - t + 1, t):
                    tile = vol[z:z + t, y:y + t, x:x + t].cuda(non_blocking=True)
                    buf = self.pool[k % 2]
                    buf.copy_(self.model(tile[None, None])[0, 0], non_blocking=True)
                    torch.cuda.current_stream().synchronize()
                    out[z:z + t, y:y + t, x:x + t] = buf
                    k += 1
        return out
