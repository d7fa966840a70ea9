from __future__ import annotations

import torch
import torch.nn as nn


class ConvBlock(nn.Sequential):
    def __init__(self, cin: int, cout: int):
        super().__init__(
            nn.Conv2d(cin, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.GELU(),
            nn.Conv2d(cout, cout, 3, padding=1, bias=False),
            nn.BatchNorm2d(cout),
            nn.GELU(),
            nn.MaxPool2d(2),
        )


class FlareNet(nn.Module):
    """CNN over the (Br, Bt, Bp) patch, concatenated with four flux features."""

    def __init__(self, width: int = 32, n_features: int = 4, field_threshold: float = 150.0):
        super().__init__()
        self.field_threshold = field_threshold
        self.backbone = nn.Sequential(
            ConvBlock(3, width), ConvBlock(width, 2 * width), ConvBlock(2 * width, 4 * width), ConvBlock(4 * width, 8 * width)
        )
        self.head = nn.Sequential(nn.Linear(8 * width + n_features, 128), nn.GELU(), nn.Dropout(0.2), nn.Linear(128, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = torch.ops.flarecast.limb_table(x.shape[-1]).to(x.device, non_blocking=True)
        x = x * w
        feats = torch.ops.flarecast.flux_features(x[:, 0], self.field_threshold)
        z = self.backbone(torch.sign(x) * torch.log1p(x.abs() / 100.0))
        z = z.mean(dim=(-2, -1))
        return self.head(torch.cat([z, feats], dim=1)).squeeze(1)
