from __future__ import annotations

import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(__file__), "_C.so"))


def encode(cards: torch.Tensor, history: torch.Tensor) -> torch.Tensor:
    return torch.ops.cfr.encode_infosets(cards, history)


def strengths(holes: torch.Tensor, boards: torch.Tensor, samples: int = 1000) -> torch.Tensor:
    return torch.ops.cfr.hand_strength_batch(holes, boards, samples)


def buckets(path: str) -> torch.Tensor:
    return torch.ops.cfr.load_buckets(path)


def infoset_cache(capacity: int, n_actions: int):
    return torch.classes.cfr.InfosetCache(capacity, n_actions)
