import torch
import torch.nn as nn


class SpeakerEncoder(nn.Module):
    def __init__(self, emb_dim, n_mels=80):
        super().__init__()
        self.fbank = nn.Conv1d(1, n_mels, 400, stride=160)
        self.tdnn = nn.Sequential(
            nn.Conv1d(n_mels, 512, 5, padding=2), nn.ReLU(),
            nn.Conv1d(512, 512, 3, dilation=2, padding=2), nn.ReLU(),
            nn.Conv1d(512, 1536, 1), nn.ReLU(),
        )
        self.proj = nn.Linear(3072, emb_dim)

    def forward(self, wav):
        x = self.tdnn(self.fbank(wav.unsqueeze(1)).abs().log1p())
        stats = torch.cat([x.mean(-1), x.std(-1)], dim=-1)
        return self.proj(stats)
