from __future__ import annotations

import torch
import torch.nn as nn


class DilatedCNN(nn.Module):
    def __init__(self, channels: int = 256, layers: int = 11):
        super().__init__()
        self.inp = nn.Conv1d(4 + 1, channels, 15, padding=7)
        self.blocks = nn.ModuleList(
            nn.Conv1d(channels, channels, 3, padding=2 ** (i % 6), dilation=2 ** (i % 6)) for i in range(layers)
        )
        self.head = nn.Linear(channels, 3)

    def forward(self, x, extra):
        h = self.inp(torch.cat([x, extra.unsqueeze(1).expand(-1, 1, x.shape[-1])], 1))
        for blk in self.blocks:
            h = h + torch.relu(blk(h))
        return self.head(h.mean(-1))


class Predictor:
    def __init__(self, checkpoint: str, max_batch: int, device: str = "cuda"):
        self.device = torch.device(device)
        self.net = DilatedCNN().to(self.device).eval()
        self.net.load_state_dict(torch.load(checkpoint, map_location=self.device))
        self.scores = torch.empty((max_batch, 3), dtype=torch.float32, pin_memory=True)

    @torch.inference_mode()
    def predict(self, ref_onehot: torch.Tensor, alt_idx: torch.Tensor, extra: torch.Tensor) -> torch.Tensor:
        x = ref_onehot.to(self.device, non_blocking=True)
        centre = x.shape[-1] // 2
        alt = torch.nn.functional.one_hot(alt_idx.to(self.device, non_blocking=True).long(), 4).float()
        x_alt = x.clone()
        x_alt[:, :, centre] = alt
        e = extra.to(self.device, non_blocking=True)
        delta = self.net(x_alt, e) - self.net(x, e)
        n = delta.shape[0]
        self.scores[:n].copy_(delta, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return self.scores[:n]
