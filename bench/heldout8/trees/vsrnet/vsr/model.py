import torch
import torch.nn as nn

from .ops import flow_warp


class ResBlocks(nn.Sequential):
    def __init__(self, c, n):
        super().__init__(*[nn.Sequential(nn.Conv2d(c, c, 3, padding=1), nn.ReLU(), nn.Conv2d(c, c, 3, padding=1)) for _ in range(n)])


class BasicVSR(nn.Module):
    def __init__(self, mid=64, blocks=30, scale=4):
        super().__init__()
        self.flow = nn.Conv2d(6, 2, 7, padding=3)
        self.backward_trunk = ResBlocks(mid + 3, blocks)
        self.forward_trunk = ResBlocks(mid + 3, blocks)
        self.fuse = nn.Conv2d(2 * (mid + 3), mid, 1)
        self.up = nn.Sequential(nn.Conv2d(mid, 3 * scale * scale, 3, padding=1), nn.PixelShuffle(scale))
        self.mid = mid

    def forward(self, lrs):
        n, t, c, h, w = lrs.shape
        feat = lrs.new_zeros(n, self.mid, h, w)
        outs = []
        for i in range(t - 1, -1, -1):
            if i < t - 1:
                flow = self.flow(torch.cat([lrs[:, i], lrs[:, i + 1]], 1))
                feat = flow_warp(feat, flow.permute(0, 2, 3, 1))
            feat = self.backward_trunk(torch.cat([lrs[:, i], feat], 1))[:, : self.mid]
            outs.append(feat)
        return torch.stack([self.up(f) for f in reversed(outs)], 1)
