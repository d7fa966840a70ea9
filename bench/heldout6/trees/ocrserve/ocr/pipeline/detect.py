import numpy as np
import torch

from .. import _warp
from .base import Stage


class TextDetector(Stage):
    name = "detect"

    def __init__(self, cfg, model=None):
        super().__init__(cfg)
        self.model = model or torch.jit.load("weights/dbnet.ts").to(cfg.device).eval()

    def setup_inputs(self, ctx):
        img = ctx["image"]
        s = self.cfg.det_size
        padded = torch.zeros((3, s, s), dtype=torch.float32).pin_memory()
        h, w = min(img.shape[0], s), min(img.shape[1], s)
        padded[:, :h, :w] = torch.from_numpy(np.ascontiguousarray(img[:h, :w].transpose(2, 0, 1))) / 255.0
        ctx["det_in"] = padded.to(self.cfg.device, non_blocking=True)
        return ctx

    @torch.no_grad()
    def run(self, ctx):
        prob = self.model(ctx["det_in"][None])[0, 0]
        boxes = (prob > 0.3).nonzero().float()
        quads = boxes[:, None].repeat(1, 4, 1).cpu().numpy()
        ctx["crops"] = _warp.warp_perspective_batch(ctx["image"], quads.astype(np.float32),
                                                    self.cfg.rec_width, self.cfg.rec_height)
        return ctx
