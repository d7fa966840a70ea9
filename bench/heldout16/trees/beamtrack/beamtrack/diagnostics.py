"""Post-run diagnostics."""
from __future__ import annotations

import numpy as np
import torch


def emittance(coords: np.ndarray, plane: int) -> float:
    u = coords[:, 2 * plane] - coords[:, 2 * plane].mean()
    up = coords[:, 2 * plane + 1] - coords[:, 2 * plane + 1].mean()
    return float(np.sqrt(np.mean(u * u) * np.mean(up * up) - np.mean(u * up) ** 2))


def tune_fft(history: np.ndarray, window: int = 512, step: int = 128) -> list[dict]:
    """Sliding-window tune estimate, to follow the tune drift over the run.
    `history` is (turns, planes) of centroid positions."""
    win = torch.hann_window(window, dtype=torch.float64, device="cuda")
    out = []
    for start in range(0, history.shape[0] - window + 1, step):
        sig = torch.from_numpy(np.ascontiguousarray(history[start:start + window])).pin_memory()
        dev = sig.to("cuda", non_blocking=True)
        spec = torch.fft.rfft((dev - dev.mean(0)) * win[:, None], dim=0).abs()
        peak = spec[1:].argmax(0) + 1
        out.append({"turn": start, "qx": float(peak[0]) / window, "qy": float(peak[1]) / window})
    return out
