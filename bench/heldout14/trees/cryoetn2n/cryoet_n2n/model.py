import torch
from torch import nn


def block(cin, cout):
    return nn.Sequential(nn.Conv3d(cin, cout, 3, padding=1), nn.LeakyReLU(0.1), nn.Conv3d(cout, cout, 3, padding=1),
                         nn.LeakyReLU(0.1))


class UNet3d(nn.Module):
    def __init__(self, base=24):
        super().__init__()
        self.e1, self.e2, self.e3 = block(1, base), block(base, base * 2), block(base * 2, base * 4)
        self.d2, self.d1 = block(base * 6, base * 2), block(base * 3, base)
        self.out = nn.Conv3d(base, 1, 1)
        self.pool, self.up = nn.MaxPool3d(2), nn.Upsample(scale_factor=2)

    def forward(self, x):
        a = self.e1(x)
        b = self.e2(self.pool(a))
        c = self.e3(self.pool(b))
        d = self.d2(torch.cat([self.up(c), b], 1))
        return x + self.out(self.d1(torch.cat([self.up(d), a], 1)))
