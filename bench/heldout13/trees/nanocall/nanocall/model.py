from __future__ import annotations

import functools
import json
from pathlib import Path

import torch
import torch.nn as nn

MODEL_DIR = Path("/opt/nanocall/models")


class CRFModel(nn.Module):
    def __init__(self, n_states: int = 4096, hidden: int = 384, stride: int = 5):
        super().__init__()
        self.stride = stride
        self.n_states = n_states
        self.conv = nn.Sequential(
            nn.Conv1d(1, 16, 5, padding=2), nn.SiLU(),
            nn.Conv1d(16, 16, 5, padding=2), nn.SiLU(),
            nn.Conv1d(16, hidden, 19, stride=stride, padding=9), nn.Tanh(),
        )
        self.rnn = nn.LSTM(hidden, hidden, num_layers=5, batch_first=True)
        self.head = nn.Linear(hidden, n_states)
        self.qual = nn.Linear(hidden, 1)

    def forward(self, x):
        h = self.conv(x).transpose(1, 2)
        h, _ = self.rnn(h)
        return torch.log_softmax(self.head(h), -1), torch.sigmoid(self.qual(h)).squeeze(-1) * 50


@functools.cache
def load_scaling(model_name: str) -> torch.Tensor:
    cfg = json.loads((MODEL_DIR / model_name / "config.json").read_text())
    return torch.tensor([cfg["scaling"]["scale"], cfg["scaling"]["shift"]], dtype=torch.float16).pin_memory()


def load_model(model_name: str, device: str = "cuda") -> CRFModel:
    cfg = json.loads((MODEL_DIR / model_name / "config.json").read_text())
    model = CRFModel(cfg["n_states"], cfg["hidden"], cfg["stride"])
    model.load_state_dict(torch.load(MODEL_DIR / model_name / "weights.pt", map_location="cpu"))
    return model.half().to(device).eval()
