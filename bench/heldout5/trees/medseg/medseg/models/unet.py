import torch
import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(
        nn.Conv3d(cin, cout, 3, padding=1, bias=False), nn.InstanceNorm3d(cout), nn.LeakyReLU(0.01, inplace=True),
        nn.Conv3d(cout, cout, 3, padding=1, bias=False), nn.InstanceNorm3d(cout), nn.LeakyReLU(0.01, inplace=True),
    )


class UNet3D(nn.Module):
    def __init__(self, in_ch=1, out_ch=2, feats=(16, 32, 64, 128, 256)):
        super().__init__()
        self.downs = nn.ModuleList()
        c = in_ch
        for f in feats:
            self.downs.append(conv_block(c, f))
            c = f
        self.pool = nn.MaxPool3d(2)
        self.ups = nn.ModuleList()
        self.up_convs = nn.ModuleList()
        for f in reversed(feats[:-1]):
            self.ups.append(nn.ConvTranspose3d(c, f, 2, stride=2))
            self.up_convs.append(conv_block(2 * f, f))
            c = f
        self.head = nn.Conv3d(c, out_ch, 1)

    def forward(self, x):
        skips = []
        for i, d in enumerate(self.downs):
            x = d(x)
            if i < len(self.downs) - 1:
                skips.append(x)
                x = self.pool(x)
        for up, conv in zip(self.ups, self.up_convs):
            x = up(x)
            x = conv(torch.cat([x, skips.pop()], 1))
        return self.head(x)
