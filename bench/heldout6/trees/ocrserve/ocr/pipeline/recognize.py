import torch

from .base import Stage
from .postprocess import decode_ctc


class CrnnRecognizer(Stage):
    name = "recognize"

    def __init__(self, cfg, model=None):
        super().__init__(cfg)
        self.model = model or torch.jit.load("weights/crnn.ts").to(cfg.device).eval()

    @torch.no_grad()
    def run(self, ctx):
        texts = []
        for crop in ctx.get("crops", [])[: self.cfg.max_crops]:
            t = torch.from_numpy(crop).float().pin_memory()
            logits = self.model(t.to(self.cfg.device, non_blocking=True)[None, None])
            texts.append(decode_ctc(logits[0].argmax(-1).tolist(), self.cfg.charset))
        ctx["texts"] = texts
        return ctx
