from functools import lru_cache

import torch

from . import ops
from .camera import Camera
from .config import RenderConfig
from .scene import GaussianScene


@lru_cache(maxsize=4)
def depth_scratch(h: int, w: int) -> torch.Tensor:
    return torch.empty(h, w, dtype=torch.float32, pin_memory=True)


class Renderer:
    def __init__(self, scene: GaussianScene, cfg: RenderConfig, device="cuda"):
        self.scene = scene
        self.cfg = cfg
        self.device = device
        self.features = scene.features.to(device, non_blocking=True)
        ops.load_sh_table(scene.features[:, :3].contiguous())
        self.bg = torch.tensor(cfg.background, device=device)

    def _project(self, cam: Camera):
        view = cam.view.to(self.device, non_blocking=True)
        pts = torch.cat([self.scene.xyz, torch.ones_like(self.scene.xyz[:, :1])], 1) @ view.T
        z = pts[:, 2].clamp(min=self.cfg.near)
        means2d = torch.stack([cam.fx * pts[:, 0] / z + cam.cx, cam.fy * pts[:, 1] / z + cam.cy], 1)
        conics = (self.scene.scale.mean(1, keepdim=True) * cam.fx / z[:, None]).expand(-1, 3)
        return means2d, conics, z

    def _readback(self, img: torch.Tensor) -> torch.Tensor:
        host = torch.empty(img.shape, dtype=img.dtype, pin_memory=True)
        host.copy_(img, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return host

    def render(self, cam: Camera, with_depth=False):
        means2d, conics, z = self._project(cam)
        tiles_x = (self.cfg.width + self.cfg.tile - 1) // self.cfg.tile
        tile_id = (means2d[:, 1] // self.cfg.tile).long() * tiles_x + (means2d[:, 0] // self.cfg.tile).long()
        keys = (tile_id << 32) | (z * 1e4).long()
        num_tiles = tiles_x * ((self.cfg.height + self.cfg.tile - 1) // self.cfg.tile)
        ranges = ops.tile_sort(keys, num_tiles)
        order = torch.argsort(keys)
        img = ops.rasterize(means2d, conics, self.features[:, :3], self.scene.opacity, ranges, order,
                            self.cfg.width, self.cfg.height, self.cfg.tile)
        out = self._readback(img)
        if with_depth:
            d = depth_scratch(self.cfg.height, self.cfg.width)
            d.zero_()
            return out, d
        return out

    def close(self):
        ops.free_sh_table()
