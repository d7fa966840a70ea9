from __future__ import annotations

from typing import List

import torch

from .reference import window_tensor


def encode_sequences(variants: List[dict], width: int) -> torch.Tensor:
    wins = torch.stack([window_tensor(v["chrom"], v["pos"], width) for v in variants])
    return torch.ops.vep.one_hot(wins)
