import torch
import torch.nn as nn


class EncoderLayer(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, 8, 4, 2)
        self.glu = nn.Conv1d(cout, 2 * cout, 1)

    def forward(self, x):
        return nn.functional.glu(self.glu(torch.relu(self.conv(x))), dim=1)


class HybridSeparator(nn.Module):
    def __init__(self, sources=4, channels=48, depth=5):
        super().__init__()
        self.sources = sources
        chans = [2] + [channels * 2 ** i for i in range(depth)]
        self.encoder = nn.ModuleList(EncoderLayer(chans[i], chans[i + 1]) for i in range(depth))
        self.decoder = nn.ModuleList(nn.ConvTranspose1d(chans[i + 1], chans[i] if i else 2 * sources, 8, 4, 2)
                                     for i in reversed(range(depth)))

    def forward(self, mix):
        x = mix
        skips = []
        for enc in self.encoder:
            x = enc(x)
            skips.append(x)
        for dec in self.decoder:
            x = dec(x + skips.pop())
        return x.view(mix.shape[0], self.sources, 2, -1)[..., : mix.shape[-1]]
