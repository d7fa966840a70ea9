from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import torch
import torch.nn as nn

MODEL_DIR = Path("/opt/quakedetect/models")


class PhaseNet(nn.Module):
    def __init__(self, ch: int = 3, width: int = 8):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv1d(ch, width, 7, padding=3), nn.ReLU(),
                                 nn.Conv1d(width, 2 * width, 7, stride=4, padding=3), nn.ReLU())
        self.dec = nn.Sequential(nn.ConvTranspose1d(2 * width, width, 8, stride=4, padding=2), nn.ReLU(),
                                 nn.Conv1d(width, 3, 1))

    def forward(self, x):
        return torch.softmax(self.dec(self.enc(x)), dim=1)


@functools.lru_cache(maxsize=2)
def load_picker(name: str) -> PhaseNet:
    sd = torch.load(MODEL_DIR / f"{name}.pt", map_location="cpu")
    sd = {k: v.pin_memory() for k, v in sd.items()}
    model = PhaseNet()
    model.load_state_dict(sd)
    return model.cuda().eval()


def prepare_windows(window: np.ndarray, stations: list[int], width: int) -> torch.Tensor:
    segs = [torch.from_numpy(np.ascontiguousarray(window[3 * s: 3 * s + 3, -width:])) for s in stations]
    return torch.stack(segs).pin_memory()


class Picker:
    def __init__(self, name: str, rate: int, width_s: float = 30.0):
        self.model = load_picker(name)
        self.rate = rate
        self.width = int(width_s * rate)

    @torch.inference_mode()
    def pick(self, window: np.ndarray, triggered_channels: np.ndarray) -> list[tuple[int, str, int, float]]:
        stations = sorted({int(c) // 3 for c in triggered_channels})
        if not stations:
            return []
        x = prepare_windows(window, stations, self.width).cuda(non_blocking=True)
        prob = self.model(x).cpu().numpy()
        picks = []
        for k, s in enumerate(stations):
            for phase, row in (("P", 1), ("S", 2)):
                i = int(np.argmax(prob[k, row]))
                if prob[k, row, i] > 0.5:
                    picks.append((s, phase, i, float(prob[k, row, i])))
        return picks
