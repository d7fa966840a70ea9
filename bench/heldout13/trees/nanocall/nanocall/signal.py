from __future__ import annotations

import torch


def prepare_signal(chunks: torch.Tensor, scaling: torch.Tensor) -> torch.Tensor:
    """Normalise raw pA chunks with the model's (scale, shift) and stage them for the H2D copy."""
    x = chunks.to(torch.float16)
    x = (x - scaling[1]) * scaling[0]
    return x.unsqueeze(1).pin_memory()
