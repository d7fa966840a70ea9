import torch

from .base import Stage


class LayoutStage(Stage):
    name = "layout"

    def __init__(self, cfg, anchors_per_cell=3):
        super().__init__(cfg)
        cells = (cfg.det_size // 32) ** 2
        self.anchor_grid = torch.empty((cells * anchors_per_cell, 4), dtype=torch.float32, pin_memory=True)
        self.anchor_grid.uniform_(0, cfg.det_size)

    def run(self, ctx):
        img = ctx["image"]
        ctx["regions"] = [(0, 0, img.shape[1], img.shape[0])]
        return ctx
