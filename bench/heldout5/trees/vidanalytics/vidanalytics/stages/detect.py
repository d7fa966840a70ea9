import torch
import torch.nn.functional as F

from ..native import vaops
from ..registry import register_stage
from .base import Stage


def letterbox_params(h, w, size):
    r = min(size / h, size / w)
    nh, nw = int(round(h * r)), int(round(w * r))
    return r, (size - nw) // 2, (size - nh) // 2, nh, nw


@register_stage("detect")
class DetectStage(Stage):
    def __init__(self, cfg, device="cuda:0", model=None):
        super().__init__(cfg, device)
        d = cfg.detect
        self.model = model
        self.size = d.input_size
        self.half = d.half
        self._warm = torch.zeros((1, 3, d.input_size, d.input_size), pin_memory=True)
        vaops.init_letterbox(cfg.decode.width, cfg.decode.height, d.input_size)
        if self.model is not None:
            self.model(self._warm.to(device))

    def prepare(self, batch):
        n = len(batch["frames"])
        scale = torch.empty((n, 4), dtype=torch.float32, pin_memory=True)
        for i, fr in enumerate(batch["frames"]):
            r, px, py, _, _ = letterbox_params(fr.shape[0], fr.shape[1], self.size)
            scale[i, 0] = r
            scale[i, 1] = px
            scale[i, 2] = py
            scale[i, 3] = 0
        batch["scale"] = scale.to(self.device, non_blocking=True)
        return batch

    def process(self, batch):
        imgs = []
        for fr in batch["frames"]:
            x = fr.permute(2, 0, 1).float().unsqueeze(0) / 255.0
            x = F.interpolate(x, size=(self.size, self.size), mode="bilinear", align_corners=False)
            imgs.append(x)
        x = torch.cat(imgs)
        if self.half:
            x = x.half()
        with torch.no_grad():
            pred = self.model(x)
        batch["dets"] = [vaops.nms_to_host(p, self.cfg.detect.conf_thres, self.cfg.detect.iou_thres) for p in pred]
        return batch
