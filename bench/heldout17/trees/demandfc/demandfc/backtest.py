"""Rolling-origin backtest of a trained model on one series."""
from __future__ import annotations

import numpy as np
import torch

from .features import scale


@torch.no_grad()
def backtest(model, series: np.ndarray, calendar: torch.Tensor, context: int, horizon: int, step: int = 7):
    errors = []
    for origin in range(context, len(series) - horizon, step):
        s, sc = scale(series[origin - context : origin])
        window = torch.tensor(s, dtype=torch.float32).pin_memory()
        cal = calendar[origin - context : origin + horizon].unsqueeze(0).cuda(non_blocking=True)
        pred = model(window.cuda(non_blocking=True).unsqueeze(0), cal)[0, :, 1].cpu().numpy() * sc
        errors.append(np.abs(pred - series[origin : origin + horizon]).mean())
    return float(np.mean(errors)) if errors else float("nan")
