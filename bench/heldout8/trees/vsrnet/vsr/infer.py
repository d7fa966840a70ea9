import torch

from . import _vsrio
from .model import BasicVSR
from .tiles import tile_plan


@torch.no_grad()
def upscale_video(model, path, clip_len=15):
    reader = _vsrio.FrameReader(path, clip_len)
    outs = []
    while True:
        clip = reader.read_batch()
        if clip is None:
            break
        lr = torch.from_numpy(clip).pin_memory()
        sr = model(lr.cuda(non_blocking=True).permute(0, 3, 1, 2).unsqueeze(0).float() / 255.0)
        _, _, weight = tile_plan(sr.shape[-2], sr.shape[-1])
        outs.append((sr[0] * weight.cuda(non_blocking=True)).cpu())
    return outs
