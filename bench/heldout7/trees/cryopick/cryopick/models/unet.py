import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.net = nn.Sequential(
            nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.SiLU(),
            nn.Conv2d(cout, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.SiLU(),
        )

    def forward(self, x):
        return self.net(x)


class PickerUNet(nn.Module):
    def __init__(self, channels=(16, 32, 64, 128)):
        super().__init__()
        chans = [1] + list(channels)
        self.down = nn.ModuleList(Block(a, b) for a, b in zip(chans[:-1], chans[1:]))
        self.up = nn.ModuleList(
            Block(b + a, a) for a, b in zip(reversed(chans[1:-1]), reversed(chans[2:]))
        )
        self.head = nn.Conv2d(chans[1], 1, 1)

    def forward(self, x):
        skips = []
        for i, blk in enumerate(self.down):
            x = blk(x)
            if i < len(self.down) - 1:
                skips.append(x)
                x = nn.functional.max_pool2d(x, 2)
        for blk in self.up:
            x = nn.functional.interpolate(x, scale_factor=2, mode="nearest")
            x = blk(torch.cat([x, skips.pop()], dim=1))
        return self.head(x)
