from __future__ import annotations

import torch
from torch import nn


class ComplexMaskUNet(nn.Module):
    """Predicts a bounded complex ratio mask on (freq, time) STFT planes."""

    def __init__(self, channels: int = 48, n_freq: int = 257):
        super().__init__()
        c = channels
        self.enc = nn.ModuleList([
            nn.Conv2d(2, c, (5, 3), padding=(2, 1)),
            nn.Conv2d(c, 2 * c, (5, 3), stride=(2, 1), padding=(2, 1)),
            nn.Conv2d(2 * c, 2 * c, (5, 3), stride=(2, 1), padding=(2, 1)),
        ])
        self.dec = nn.ModuleList([
            nn.ConvTranspose2d(2 * c, 2 * c, (5, 3), stride=(2, 1), padding=(2, 1), output_padding=(1, 0)),
            nn.ConvTranspose2d(4 * c, c, (5, 3), stride=(2, 1), padding=(2, 1), output_padding=(1, 0)),
            nn.Conv2d(2 * c, 2, (5, 3), padding=(2, 1)),
        ])
        self.n_freq = n_freq

    def forward(self, spec: torch.Tensor) -> torch.Tensor:
        x = torch.stack([spec.real, spec.imag], dim=-3)
        if x.dim() == 3:
            x = x.unsqueeze(0)
        pad = (-x.shape[-2]) % 4
        x = nn.functional.pad(x, (0, 0, 0, pad))
        skips = []
        for conv in self.enc:
            x = torch.relu(conv(x))
            skips.append(x)
        for i, conv in enumerate(self.dec):
            if i > 0:
                x = torch.cat([x, skips[-1 - i]], dim=1)
            x = conv(x)
            if i < len(self.dec) - 1:
                x = torch.relu(x)
        x = x[..., : spec.shape[-2], :]
        m = torch.tanh(torch.complex(x[:, 0], x[:, 1]).abs()) * torch.exp(1j * torch.angle(torch.complex(x[:, 0], x[:, 1])))
        return (spec * m.squeeze(0)).to(spec.dtype)


def load_model(checkpoint: str, channels: int, n_fft: int, device) -> ComplexMaskUNet:
    model = ComplexMaskUNet(channels, n_fft // 2 + 1)
    state = torch.load(checkpoint, map_location="cpu")
    model.load_state_dict(state["model"] if "model" in state else state)
    return model.to(device).eval()
