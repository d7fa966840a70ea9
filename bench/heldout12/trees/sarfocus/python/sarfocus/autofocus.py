from __future__ import annotations

import numpy as np
import torch


class PhaseGradientAutofocus:
    """Phase-gradient autofocus on the brightest range bins of a focused burst."""

    def __init__(self, max_lines: int, iters: int = 4, bins: int = 64):
        self.iters = iters
        self.bins = bins
        self.phase = torch.zeros(max_lines, dtype=torch.float64).pin_memory()

    def run(self, slc: np.ndarray) -> np.ndarray:
        x = torch.view_as_complex(torch.from_numpy(slc)).cuda(non_blocking=True)  # [samples, lines]
        n = x.shape[1]
        for _ in range(self.iters):
            power = (x.abs() ** 2).sum(1)
            strongest = power.topk(min(self.bins, x.shape[0])).indices
            sel = x[strongest]
            sel = torch.roll(sel, shifts=-int(sel.abs().argmax(1).float().mean()), dims=1)
            grad = torch.angle((sel[:, 1:] * sel[:, :-1].conj()).sum(0))
            est = torch.cat([grad.new_zeros(1), torch.cumsum(grad, 0)])
            est = est - torch.linspace(0, float(est[-1]), n, device=est.device, dtype=est.dtype)
            self.phase[:n].copy_(est.double(), non_blocking=True)
            x = x * torch.exp(-1j * est)[None, :]
        return torch.view_as_real(x).cpu().numpy()
