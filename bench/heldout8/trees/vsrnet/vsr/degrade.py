import math

import torch

KERNELS = [torch.randn(21, 21).softmax(-1).pin_memory() for _ in range(16)]


def make_degradation(batch, scale=4):
    n = batch.shape[0]
    sigma = torch.empty(n, pin_memory=True).uniform_(0.2, 3.0)
    idx = (sigma * 5).long().clamp(max=len(KERNELS) - 1)
    k = torch.stack([KERNELS[i] for i in idx]).cuda(non_blocking=True)
    blurred = torch.nn.functional.conv2d(
        batch.flatten(0, 1).unsqueeze(1), k[:1].unsqueeze(1), padding=10
    ).view_as(batch)
    return blurred[..., ::scale, ::scale] + math.sqrt(1e-4) * torch.randn_like(blurred[..., ::scale, ::scale])
